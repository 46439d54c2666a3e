import Foundation
import HealthExportFixture
import HealthImport

/// The Apple Health importer on arbitrary files: libarchive's zip reader, the inflate pipeline, libxml2's SAX
/// parser and the record rules behind it.
enum HealthFuzzTargets {
    static let all = [health]

    /// An input that starts like a zip (`PK`) is the export.zip itself; any other input is the `export.xml`
    /// inside a valid deflated zip (libarchive's writer), so mutations reach the XML and record rules rather
    /// than stopping at the zip's checksums. Either way the import returns a result whose counts add up and
    /// whose days are sorted and plausible, or throws a ``HealthImportError``; never a trap or another error.
    static let health = FuzzTarget("health", "Apple Health export.zip bytes, or export.xml bytes in a zip") {
        bytes in
        switch outcome(of: bytes) {
        case .success(let result): checkResult(result)
        case .failure(let error):
            // A refusal with a code is a promised outcome; anything else is not.
            check(error is HealthImportError, "the import threw an error that is not a HealthImportError")
        }
    }

    /// What importing `bytes` gives: the input written as a zip (or wrapped in one) and imported.
    static func outcome(of bytes: [UInt8]) -> Result<HealthImportResult, any Error> {
        let file = folder.appending(path: "\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            if bytes.starts(with: Array("PK".utf8)) {
                try Data(bytes).write(to: file)
            } else {
                try HealthExportZip.zip([HealthExportZip.Entry(HealthExportZip.exportPath, bytes: bytes)], to: file)
            }
        } catch {
            check(false, "the input could not be written as a file")
        }
        return Result { try importer.importExport(at: file) }
    }

    /// Every type granted from 1900 on in a zone with daylight saving time; limits small enough that an input
    /// of a few KiB can reach the size and compression-ratio refusals.
    static let importer = HealthImporter(
        configuration: HealthImportConfiguration(
            grantedTypes: Set(HealthType.allCases), start: Date(timeIntervalSince1970: -2_208_988_800),
            timeZoneIdentifier: "Europe/Berlin",
            limits: HealthImportLimits(
                maximumXMLBytes: 1 << 20, maximumCompressionRatio: 100, ratioCheckAfterBytes: 64 << 10)))

    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appending(path: "recover-fuzz-health-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    static func checkResult(_ result: HealthImportResult) {
        let summary = result.summary
        let skipped = summary.skipped.values.reduce(0) { total, count in
            let (sum, overflow) = total.addingReportingOverflow(count)
            check(!overflow && count >= 0, "a skip count overflows or is negative")
            return sum
        }
        check(summary.recordsRead == summary.recordsKept + skipped, "records read != kept + skipped")
        check(summary.daysCovered == result.days.count, "days covered != days returned")
        check(summary.firstDay == result.days.first?.day, "the first day is not the first aggregate's")
        check(summary.lastDay == result.days.last?.day, "the last day is not the last aggregate's")
        check(zip(result.days, result.days.dropFirst()).allSatisfy { $0.day < $1.day }, "days are not sorted")
        for day in result.days {
            let sums = [day.steps, day.distanceMetres, day.activeEnergyKilocalories, day.basalEnergyKilocalories]
            check((sums + [day.sleepSeconds]).allSatisfy { $0.map { $0.isFinite && $0 >= 0 } ?? true }, "a sum")
            check((day.sleepSeconds ?? 0) <= 86_400 * 2, "more than two days asleep in one night")
            for range in [day.heartRate, day.systolic, day.diastolic].compactMap({ $0 }) {
                check(
                    range.count > 0 && range.minimum.isFinite && range.maximum.isFinite && range.mean.isFinite
                        && range.minimum <= range.maximum,
                    "a reading range is empty, not finite or upside down")
            }
        }
        check(result.recentSamples.allSatisfy { $0.value.isFinite && $0.end >= $0.start }, "a recent sample")
    }
}
