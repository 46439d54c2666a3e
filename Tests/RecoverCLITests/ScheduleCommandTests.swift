import Foundation
import Testing

/// `recover schedule events`, run as a process on schedule files in a fresh temporary folder.
@Suite struct ScheduleCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "schedule-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func file(_ json: String) throws -> String {
        let url = folder.appendingPathComponent("\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    private func events(_ json: String, from: String, to: String, tz: String, extra: [String] = []) throws
        -> CLIProcess.Result
    {
        try CLIProcess.run(
            ["schedule", "events", "--schedule", try file(json), "--from", from, "--to", to, "--tz", tz] + extra)
    }

    private func starts(_ result: CLIProcess.Result) -> [String] {
        result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }
    }

    @Test func dailyAt0230KeepsItsTimeExceptOnTheSpringForwardDay() throws {
        let json =
            #"{"elements": [{"start": "2025-03-07T02:30:00", "interval": {"days": 1}, "duration": {"seconds": 3600}}]}"#
        let result = try events(json, from: "2025-03-07", to: "2025-03-11", tz: "America/New_York")
        #expect(result.status == 0)
        #expect(
            starts(result) == [
                "2025-03-07T02:30:00-05:00", "2025-03-08T02:30:00-05:00", "2025-03-09T03:30:00-04:00",
                "2025-03-10T02:30:00-04:00", "2025-03-11T02:30:00-04:00",
            ])
        #expect(result.stdout.hasPrefix("0\t2025-03-07T02:30:00-05:00\t2025-03-07T03:30:00-05:00\n"))
    }

    @Test func monthlyFromJanuary31GivesTheLastDayOfShorterMonths() throws {
        let json =
            #"{"elements": [{"start": "2025-01-31T09:00", "end": null, "interval": {"months": 1}, "duration": {"seconds": 1800}}]}"#
        let result = try events(json, from: "2025-02-01", to: "2025-04-30", tz: "America/New_York")
        #expect(result.status == 0)
        #expect(
            starts(result) == ["2025-02-28T09:00:00-05:00", "2025-03-31T09:00:00-04:00", "2025-04-30T09:00:00-04:00"])
        #expect(result.stdout.hasPrefix("1\t"))
    }

    @Test func rangeOfMotionScheduleGivesElevenEventsOnElevenDays() throws {
        let json = """
            {"elements": [
              {"start": "2025-06-02T10:30", "end": "2025-06-09T10:30", "interval": {"days": 1}, "duration": "allDay"},
              {"start": "2025-06-09T10:30", "end": "2025-07-02T10:30", "interval": {"weeks": 1}, "duration": "allDay"}
            ]}
            """
        let result = try events(json, from: "2025-06-01", to: "2025-08-31", tz: "America/New_York", extra: ["--json"])
        #expect(result.status == 0)
        struct Line: Decodable, Equatable {
            let occurrence: Int
            let start: String
            let end: String
            let allDay: Bool
        }
        let lines = try JSONDecoder().decode([Line].self, from: Data(result.stdout.utf8))
        #expect(lines.count == 11)
        #expect(Set(lines.map { $0.start.prefix(10) }).count == 11)
        #expect(lines.map(\.occurrence) == Array(0..<11))
        #expect(lines.allSatisfy { $0.allDay })
        #expect(
            lines.first
                == Line(
                    occurrence: 0, start: "2025-06-02T00:00:00-04:00", end: "2025-06-03T00:00:00-04:00", allDay: true))
    }

    @Test func dailyAt0800InTokyoPrintsTheTokyoOffset() throws {
        let json =
            #"{"elements": [{"start": "2025-06-01T08:00", "interval": {"days": 1}, "duration": {"seconds": 600}}]}"#
        let result = try events(json, from: "2025-06-02T00:00", to: "2025-06-02T08:00", tz: "Asia/Tokyo")
        #expect(result.status == 0)
        #expect(result.stdout == "1\t2025-06-02T08:00:00+09:00\t2025-06-02T08:10:00+09:00\n")
    }

    @Test func badSchedulesExitWithCode65AndTheReason() throws {
        let zero = try events(
            #"{"elements":[{"start":"2025-06-01T08:00","interval":{"days":0}}]}"#, from: "2025-06-01", to: "2025-06-02",
            tz: "UTC")
        #expect(zero.status == 65)
        #expect(zero.stderr.contains("element 0 has an interval that is not positive"))
        let backwards = try events(
            #"{"elements":[{"start":"2025-06-01T08:00","end":"2025-05-01T08:00","interval":{"days":1}}]}"#,
            from: "2025-06-01", to: "2025-06-02", tz: "UTC")
        #expect(backwards.status == 65)
        #expect(backwards.stderr.contains("element 0 ends at or before its start"))
        let malformed = try events(
            #"{"elements":[{"start":"June 1","interval":{"days":1}}]}"#, from: "2025-06-01", to: "2025-06-02", tz: "UTC"
        )
        #expect(malformed.status == 65)
        #expect(malformed.stderr.contains("elements[0].start"))
        let zone = try events(
            #"{"elements":[{"start":"2025-06-01T08:00","interval":{"days":1}}]}"#, from: "2025-06-01", to: "2025-06-02",
            tz: "Mars/Base")
        #expect(zone.status == 65)
        #expect(zone.stderr.contains("unknown time zone 'Mars/Base'"))
    }

    @Test func badBoundsAreUsageErrors() throws {
        let json = #"{"elements":[{"start":"2025-06-01T08:00","interval":{"days":1}}]}"#
        let result = try events(json, from: "yesterday", to: "2025-06-02", tz: "UTC")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--from expects YYYY-MM-DD"))
    }
}
