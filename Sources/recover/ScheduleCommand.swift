import Care
import Foundation
import RecoverData

extension Commands {
    /// `recover schedule events`: prints the events of a schedule file in a time zone.
    static let schedule = CommandSpec(
        name: "schedule",
        abstract: "Evaluate care schedules.",
        subcommands: [scheduleEvents]
    )

    static let scheduleEvents = CommandSpec(
        name: "events",
        abstract: "Print the events of a schedule file between two local dates or times.",
        synopsis: "--schedule <file.json> --from <when> --to <when> --tz <zone> [--json]",
        discussion: """
            A <when> is a local date (YYYY-MM-DD, the whole day) or a local date-time (YYYY-MM-DDTHH:MM[:SS]); \
            both ends are inclusive. Events overlapping the range are printed with their occurrence index and \
            their local start and end with the zone's offset. The file format is described in \
            docs/schedule-file.md.
            """,
        options: [
            .option("schedule", value: "file.json", help: "The schedule file."),
            .option("from", value: "when", help: "The first local date or date-time."),
            .option("to", value: "when", help: "The last local date or date-time (inclusive)."),
            .option("tz", value: "zone", help: "The IANA time zone, for example America/New_York."),
            .flag("json", help: "Print a JSON array instead of lines."),
        ]
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let path = try arguments.required("schedule")
        let lower = try ScheduleWhen.lowerBound(try arguments.required("from"), option: "from")
        let upper = try ScheduleWhen.upperBound(try arguments.required("to"), option: "to")
        let zoneIdentifier = try arguments.required("tz")
        guard lower < upper else { throw UsageError("--to must not be before --from") }
        let schedule = try ScheduleFile.load(path)
        let zone: TimeZone
        do { zone = try Schedule.timeZone(zoneIdentifier) } catch { throw DataError(String(describing: error)) }
        let events = schedule.events(from: lower, to: upper, in: zone)
        if arguments.flag("json") {
            Output.standard.write(try ScheduleFile.json(events, in: zone))
        } else {
            for event in events {
                let start = ZonedTimeFormat.string(event.start, in: zone)
                let end = ZonedTimeFormat.string(event.end, in: zone)
                Output.standard.line("\(event.occurrence)\t\(start)\t\(end)\(event.isAllDay ? "\tall day" : "")")
            }
        }
    }
}

/// Reads the bounds of `recover schedule events`.
enum ScheduleWhen {
    /// A date means its midnight; a date-time means itself.
    static func lowerBound(_ text: String, option: String) throws -> LocalDateTime {
        if let date = LocalDate(text) { return date.startOfDay }
        if let time = LocalDateTime(text) { return time }
        throw UsageError("--\(option) expects YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], got '\(text)'")
    }

    /// Inclusive: a date means up to the end of that day; a date-time includes an event starting at it.
    static func upperBound(_ text: String, option: String) throws -> LocalDateTime {
        if let date = LocalDate(text) { return date.addingDays(1).startOfDay }
        if let time = LocalDateTime(text) { return time.adding(seconds: 1) }
        throw UsageError("--\(option) expects YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], got '\(text)'")
    }
}

/// Loading and printing schedule files (format: docs/schedule-file.md).
enum ScheduleFile {
    /// Decodes and validates the schedule at `path`; bad content is a data error naming the problem.
    static func load(_ path: String) throws -> Schedule {
        guard let data = FileManager.default.contents(atPath: path) else {
            Output.error.line("error: cannot read schedule file '\(path)'")
            throw CommandExit(code: .noInput)
        }
        let schedule: Schedule
        do {
            schedule = try JSONDecoder().decode(Schedule.self, from: data)
        } catch let error as DecodingError {
            throw DataError("invalid schedule file '\(path)': \(describe(error))")
        } catch {
            throw DataError("invalid schedule file '\(path)': not JSON")
        }
        do { try schedule.validate() } catch { throw DataError("invalid schedule file '\(path)': \(error)") }
        return schedule
    }

    /// The events as a JSON array of `{"occurrence", "start", "end", "allDay"}`.
    static func json(_ events: [ScheduleEvent], in zone: TimeZone) throws -> String {
        struct Line: Encodable {
            let occurrence: Int
            let start: String
            let end: String
            let allDay: Bool
        }
        let lines = events.map {
            Line(
                occurrence: $0.occurrence, start: ZonedTimeFormat.string($0.start, in: zone),
                end: ZonedTimeFormat.string($0.end, in: zone), allDay: $0.isAllDay)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(lines), as: UTF8.self) + "\n"
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.isEmpty ? "top level" : String(text.drop(while: { $0 == "." }))
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "not valid JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)): wrong type"
        @unknown default:
            return "unreadable"
        }
    }
}
