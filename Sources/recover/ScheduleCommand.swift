import Care
import Foundation
import RecoverData

extension Commands {
    /// `recover schedule events` and `recover schedule event`: evaluate a schedule file in a time zone.
    static let schedule = CommandSpec(
        name: "schedule",
        abstract: "Evaluate care schedules.",
        subcommands: [scheduleEvents, scheduleEvent]
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
            ScheduleFile.option,
            .option("from", value: "when", help: "The first local date or date-time."),
            .option("to", value: "when", help: "The last local date or date-time (inclusive)."),
            ScheduleFile.zoneOption,
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
        let zone = try ScheduleFile.zone(zoneIdentifier)
        let events = schedule.events(from: lower, to: upper, in: zone)
        if arguments.flag("json") {
            Output.standard.write(try ScheduleFile.json(events, in: zone))
        } else {
            for event in events { Output.standard.line(ScheduleFile.line(event, in: zone)) }
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
    /// `--schedule <file.json>`.
    static let option = OptionSpec.option("schedule", value: "file.json", help: "The schedule file.")

    /// `--tz <zone>`.
    static let zoneOption = OptionSpec.option(
        "tz", value: "zone", help: "The IANA time zone, for example America/New_York.")

    /// The zone with `identifier`; an unknown one is a data error.
    static func zone(_ identifier: String) throws -> TimeZone {
        do { return try Schedule.timeZone(identifier) } catch { throw DataError(String(describing: error)) }
    }

    /// `occurrence<TAB>start<TAB>end[<TAB>all day]`, instants with the zone's offset.
    static func line(_ event: ScheduleEvent, in zone: TimeZone) -> String {
        let start = ZonedTimeFormat.string(event.start, in: zone)
        let end = ZonedTimeFormat.string(event.end, in: zone)
        return "\(event.occurrence)\t\(start)\t\(end)\(event.isAllDay ? "\tall day" : "")"
    }

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
        try encode(events.map { JSONLine($0, in: zone) })
    }

    /// One event as a JSON object `{"occurrence", "start", "end", "allDay"}`.
    static func json(_ event: ScheduleEvent, in zone: TimeZone) throws -> String {
        try encode(JSONLine(event, in: zone))
    }

    private struct JSONLine: Encodable {
        let occurrence: Int
        let start: String
        let end: String
        let allDay: Bool

        init(_ event: ScheduleEvent, in zone: TimeZone) {
            occurrence = event.occurrence
            start = ZonedTimeFormat.string(event.start, in: zone)
            end = ZonedTimeFormat.string(event.end, in: zone)
            allDay = event.isAllDay
        }
    }

    private static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
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
