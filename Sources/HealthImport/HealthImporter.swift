import Foundation

/// Reads an Apple Health `export.zip` in one streaming pass and returns daily aggregates, the most recent raw
/// samples and a summary; memory stays flat in the file's size.
///
/// ```swift
/// let importer = HealthImporter(configuration: HealthImportConfiguration(
///     grantedTypes: [.stepCount, .sleepAnalysis], start: enrolment, timeZoneIdentifier: "Europe/Berlin"))
/// let result = try importer.importExport(at: zipURL) { progress in print(progress.fraction) }
/// ```
public struct HealthImporter: Sendable {
    /// How often, at most, `progress` is called.
    public static let progressInterval = Duration.milliseconds(100)

    /// What the import keeps and how it groups days.
    public let configuration: HealthImportConfiguration

    /// An importer for `configuration`; it holds no state between imports.
    public init(configuration: HealthImportConfiguration) {
        self.configuration = configuration
    }

    /// Imports the export at `url`, calling `progress` (on this thread) at most ten times a second and once at
    /// the end.
    ///
    /// Synchronous and seconds long for a real export: call it from a thread of its own (a `Thread` or a
    /// `DispatchQueue`), not from the concurrency pool's few threads.
    public func importExport(
        at url: URL, progress: (HealthImportProgress) -> Void = { _ in }
    ) throws -> HealthImportResult {
        guard let zone = TimeZone(identifier: configuration.timeZoneIdentifier) else {
            throw HealthImportError(.unknownTimeZone, "the time zone identifier is not known to the system")
        }
        let archive = try ExportArchive(url: url, limits: configuration.limits)
        let interpreter = RecordInterpreter(granted: configuration.grantedTypes, start: configuration.start)
        let sources = SourceNames()
        let accumulator = DailyAccumulator(clock: LocalClock(zone: zone))
        let recent = RecentSamples(days: configuration.recentDays)
        var tally = RecordTally()
        let parser = ExportXMLParser { attributes, placement in
            switch interpreter.interpret(attributes, placement: placement, source: sources.index(of:)) {
            case .success(let sample):
                tally.keep()
                accumulator.add(sample)
                recent.add(sample)
            case .failure(let skip):
                tally.skip(skip.reason)
            }
        }
        let pipeline = BlockPipeline(archive: archive)
        pipeline.start()
        defer { pipeline.close() }
        let clock = ContinuousClock()
        var lastReport = clock.now
        try parser.parse {
            let now = clock.now
            if now - lastReport >= Self.progressInterval {
                lastReport = now
                progress(HealthImportProgress(bytesConsumed: pipeline.consumedBytes, totalBytes: archive.fileSize))
            }
            return try pipeline.next()
        }
        pipeline.close()
        progress(HealthImportProgress(bytesConsumed: archive.fileSize, totalBytes: archive.fileSize))
        let days = accumulator.days()
        let summary = HealthImportSummary(
            recordsRead: tally.read, recordsKept: tally.kept, skipped: tally.skippedByReason, daysCovered: days.count,
            firstDay: days.first?.day, lastDay: days.last?.day, xmlBytes: archive.producedBytes)
        return HealthImportResult(summary: summary, days: days, recentSamples: recent.finish(sources: sources.names))
    }
}

/// Counts of records read, kept and skipped by reason.
struct RecordTally {
    private(set) var read = 0
    private(set) var kept = 0
    private var skipped = Array(repeating: 0, count: SkipReason.all.count)

    mutating func keep() {
        read += 1
        kept += 1
    }

    mutating func skip(_ reason: SkipReason) {
        read += 1
        skipped[reason.index] += 1
    }

    var skippedByReason: [SkipReason: Int] {
        var counts: [SkipReason: Int] = [:]
        for reason in SkipReason.all where skipped[reason.index] > 0 { counts[reason] = skipped[reason.index] }
        return counts
    }
}
