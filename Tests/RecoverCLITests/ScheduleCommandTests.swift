import Foundation
import Testing

/// One event as `--json` prints it.
private struct EventLine: Decodable, Equatable {
    let occurrence: Int
    let start: String
    let end: String
    let allDay: Bool
}

/// `recover schedule events` and `recover schedule event`, run as a process on schedule files in a fresh temporary folder.
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
        let lines = try JSONDecoder().decode([EventLine].self, from: Data(result.stdout.utf8))
        #expect(lines.count == 11)
        #expect(Set(lines.map { $0.start.prefix(10) }).count == 11)
        #expect(lines.map(\.occurrence) == Array(0..<11))
        #expect(lines.allSatisfy { $0.allDay })
        #expect(
            lines.first
                == EventLine(
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

    private func event(_ json: String, occurrence: String, tz: String, extra: [String] = []) throws
        -> CLIProcess.Result
    {
        try CLIProcess.run(
            ["schedule", "event", "--schedule", try file(json), "--occurrence", occurrence, "--tz", tz] + extra)
    }

    @Test func rangesNearChangesReturnExactlyTheEventsThatReallyOverlap() throws {
        let daily = #"{"elements":[{"start":"2025-03-07T02:30:00","interval":{"days":1}}]}"#
        let inProgress = try events(daily, from: "2025-03-09T03:40", to: "2025-03-09T04:00", tz: "America/New_York")
        #expect(inProgress.status == 0)
        #expect(inProgress.stdout == "2\t2025-03-09T03:30:00-04:00\t2025-03-09T04:30:00-04:00\n")
        let before = try events(daily, from: "2025-03-09T03:00", to: "2025-03-09T03:15", tz: "America/New_York")
        #expect(before.status == 0)
        #expect(before.stdout.isEmpty)
        let long =
            #"{"elements":[{"start":"2025-03-08T00:00:00","interval":{"days":7},"duration":{"seconds":259200}}]}"#
        let lastDay = try events(long, from: "2025-03-11", to: "2025-03-11", tz: "America/New_York")
        #expect(lastDay.stdout == "0\t2025-03-08T00:00:00-05:00\t2025-03-11T01:00:00-04:00\n")
        let fallBack = #"{"elements":[{"start":"2025-10-31T01:30:00","interval":{"days":1}}]}"#
        let after = try events(fallBack, from: "2025-11-02T02:00", to: "2025-11-02T02:29", tz: "America/New_York")
        #expect(after.status == 0)
        #expect(after.stdout.isEmpty)
    }

    @Test func everyEightHoursPrintsEventsEightRealHoursApart() throws {
        let json = #"{"elements":[{"start":"2025-03-08T22:00","interval":{"hours":8},"duration":{"seconds":600}}]}"#
        let result = try events(json, from: "2025-03-08", to: "2025-03-09", tz: "America/New_York")
        #expect(result.status == 0)
        #expect(
            starts(result) == [
                "2025-03-08T22:00:00-05:00", "2025-03-09T07:00:00-04:00", "2025-03-09T15:00:00-04:00",
                "2025-03-09T23:00:00-04:00",
            ])
    }

    @Test func eventLooksUpOneOccurrenceIndex() throws {
        let json = #"{"elements":[{"start":"2025-03-07T02:30:00","interval":{"days":1}}]}"#
        let line = try event(json, occurrence: "2", tz: "America/New_York")
        #expect(line.status == 0)
        #expect(line.stdout == "2\t2025-03-09T03:30:00-04:00\t2025-03-09T04:30:00-04:00\n")
        let object = try event(json, occurrence: "0", tz: "Asia/Tokyo", extra: ["--json"])
        #expect(object.status == 0)
        #expect(
            try JSONDecoder().decode(EventLine.self, from: Data(object.stdout.utf8))
                == EventLine(
                    occurrence: 0, start: "2025-03-07T02:30:00+09:00", end: "2025-03-07T03:30:00+09:00", allDay: false))
    }

    @Test func eventRefusesIndicesItCannotAnswerWithoutTrapping() throws {
        let json = #"{"elements":[{"start":"2025-06-01T08:00","end":"2025-06-03T08:00","interval":{"days":1}}]}"#
        let missing = try event(json, occurrence: "2", tz: "UTC")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no event with occurrence index 2"))
        let endless = #"{"elements":[{"start":"2025-06-01T08:00","interval":{"seconds":1}}]}"#
        let huge = try event(endless, occurrence: "9223372036854775807", tz: "UTC")
        #expect(huge.status == 1)
        #expect(huge.stderr.contains("no event with occurrence index 9223372036854775807"))
        for text in ["99999999999999999999", "-1", "+3", "two", ""] {
            let bad = try event(json, occurrence: text, tz: "UTC")
            #expect(bad.status == 64)
            #expect(bad.stderr.contains("--occurrence expects a whole number"))
        }
    }

    @Test func badIntervalsAndAllDaySameDateEndsExitWithCode65AndTheReason() throws {
        let cases: [(element: String, message: String)] = [
            (#""interval":{"hours":0}"#, "element 0 has an interval that is not positive"),
            (#""interval":{"minutes":-30}"#, "element 0 has an interval that is not positive"),
            (#""interval":{"seconds":99999999999999999999}"#, "elements[0].interval.seconds: expected a whole number"),
            (
                #""interval":{"days":1},"duration":{"seconds":1.5}"#,
                "elements[0].duration.seconds: expected a whole number"
            ),
            (#""interval":{"hours":9223372036854775807}"#, "element 0 has an interval longer than 1000 years"),
            (#""end":"2025-06-01T20:00","interval":{"days":1},"duration":"allDay""#, "end date is exclusive"),
            (#""end":"2025-06-01T20:00","interval":{"days":1},"duration":"allDay""#, #""end": "2025-06-02T00:00:00""#),
        ]
        for (element, message) in cases {
            let json = #"{"elements":[{"start":"2025-06-01T08:00","# + element + "}]}"
            let result = try events(json, from: "2025-06-01", to: "2025-06-02", tz: "UTC")
            #expect(result.status == 65)
            #expect(result.stderr.contains(message), "\(element)")
        }
    }
}
