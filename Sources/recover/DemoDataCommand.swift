import Exports
import Foundation
import RecoverData

extension Commands {
    static let demoData = CommandSpec(
        name: "demo-data",
        abstract: "Fill the data folder with clearly marked synthetic participants for trying and measuring.",
        synopsis: "--participants N --days D [--seed S] [--data-dir DIR] [--database URL]",
        discussion: """
            Each synthetic participant (email synthetic-0001@example.invalid, no password) joins D days ago, \
            consents with a drawn signature, does daily check-ins (pain trending down, sleep up) and the \
            range-of-motion measurements of the study's schedule (range trending up), with noise and missed \
            days. The same seed gives the same data. Everything goes through the study's stores: audited, \
            consent records signed.
            """,
        options: [
            .option("participants", value: "N", help: "How many participants (1...100000)."),
            .option("days", value: "D", help: "Days of data each, ending yesterday (1...365)."),
            .option("seed", value: "S", help: "The generator's seed (default 1)."),
        ] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        _ = try arguments.required("participants")
        _ = try arguments.required("days")
        let count = try arguments.integer("participants", default: 0, in: 1...100_000)
        let days = try arguments.integer("days", default: 0, in: 1...365)
        let seed = try arguments.integer("seed", default: 1, in: Int.min...Int.max)
        // Synthetic data: NORMAL durability (a power cut may lose the last batches, never consistency) makes
        // the bulk writes several times faster on slow disks.
        let folder = try StudyLocation.open(arguments, durability: .normal)
        let progress = ProgressLine(noun: "participants")
        let summary: DemoData.Summary
        do {
            summary = try DemoData(participants: count, days: days, seed: UInt64(bitPattern: Int64(seed)))
                .generate(into: folder.records, progress: progress.update)
        } catch let error as DemoDataError {
            throw DataError(error.description)
        }
        progress.finish(summary.participants)
        Output.standard.line(
            "added \(summary.participants) synthetic participants: \(summary.consents) consents, "
                + "\(summary.checkins) check-ins, \(summary.rangeOfMotion) range-of-motion measurements")
    }
}
