import Care
import Foundation

extension Commands {
    /// `recover schedule event`: prints the event of a schedule file with one occurrence index.
    static let scheduleEvent = CommandSpec(
        name: "event",
        abstract: "Print the event of a schedule file with a given occurrence index.",
        synopsis: "--schedule <file.json> --occurrence <n> --tz <zone> [--json]",
        discussion: """
            The occurrence index is the one `recover schedule events` prints: the event's rank by intended start \
            across all elements, from 0. Prints one line `occurrence<TAB>start<TAB>end[<TAB>all day]`, or a JSON \
            object with --json. Exit 1 when the schedule has no such event. The file format is described in \
            docs/schedule-file.md.
            """,
        options: [
            ScheduleFile.option,
            .option("occurrence", value: "n", help: "The occurrence index, a whole number from 0."),
            ScheduleFile.zoneOption,
            .flag("json", help: "Print a JSON object instead of a line."),
        ]
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let path = try arguments.required("schedule")
        let occurrence = try ScheduleOccurrence.parse(try arguments.required("occurrence"))
        let zoneIdentifier = try arguments.required("tz")
        let schedule = try ScheduleFile.load(path)
        let zone = try ScheduleFile.zone(zoneIdentifier)
        guard let event = schedule.event(occurrence: occurrence, in: zone) else {
            Output.error.line("error: the schedule has no event with occurrence index \(occurrence)")
            throw CommandExit(code: .failure)
        }
        if arguments.flag("json") {
            Output.standard.write(try ScheduleFile.json(event, in: zone))
        } else {
            Output.standard.line(ScheduleFile.line(event, in: zone))
        }
    }
}

/// Reads `--occurrence`.
enum ScheduleOccurrence {
    /// A whole number from 0 to `Int.max`, in decimal digits only; anything else (a sign, a number too large
    /// for 64 bits) is a usage error.
    static func parse(_ text: String) throws -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let value = Int(text)
        else { throw UsageError("--occurrence expects a whole number from 0 to \(Int.max), got '\(text)'") }
        return value
    }
}
