import Foundation
import HealthExportFixture
import Testing

/// `recover import health` run as a process on demo data: the summary, a re-import, and its exit codes. A
/// class, so each test's folder is removed when it ends.
@Suite final class ImportHealthCommandTests {
    typealias Zip = HealthExportZip
    let folder: URL
    var dataDir: String { folder.appending(path: "data").path }
    let participant = "synthetic-0001@example.invalid"

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "import-health-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let seeded = try CLIProcess.run(["demo-data", "--participants", "1", "--days", "3", "--data-dir", dataDir])
        #expect(seeded.status == 0, "\(seeded.stderr)")
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// An export of active energy (granted by demo participants) and resting energy (the study does not ask
    /// for it, so nobody grants it), 4 of each in the last hour, written at `url`.
    static func writeRecentExport(to url: URL) throws {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm:ss +0000"
        var records = ""
        for minutes in [10, 20, 30, 40] {
            let start = format.string(from: Date().addingTimeInterval(-Double(minutes) * 60))
            records += Zip.record(Zip.activeEnergy, unit: "kcal", start: start, value: "12.5")
            records += Zip.record(
                "HKQuantityTypeIdentifierBasalEnergyBurned", unit: "kcal", start: start, value: "60")
        }
        try Zip.write(Zip.document(records), to: url)
    }

    func export() throws -> URL {
        let url = folder.appending(path: "export.zip")
        try Self.writeRecentExport(to: url)
        return url
    }

    @Test func importsTheGrantedTypesOfADemoParticipantTwiceWithAVerifiedTrail() throws {
        let file = try export().path
        for _ in 0..<2 {
            let result = try CLIProcess.run(
                ["import", "health", "--participant", participant, file, "--data-dir", dataDir])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("imported health export ") == true)
            #expect(lines.first?.contains(": 8 records read, 4 kept, 4 skipped; ") == true)
            #expect(lines.first?.hasSuffix(", 4 recent samples") == true)
            #expect(lines.dropFirst().first == "skipped by reason: not-granted 4")
            #expect(
                lines.last
                    == "granted types: HKCategoryTypeIdentifierSleepAnalysis, HKQuantityTypeIdentifierActiveEnergyBurned, "
                    + "HKQuantityTypeIdentifierDistanceWalkingRunning, HKQuantityTypeIdentifierHeartRate, "
                    + "HKQuantityTypeIdentifierStepCount")
        }
        #expect(try CLIProcess.run(["audit", "verify", "--data-dir", dataDir]).stdout.hasPrefix("ok "))
    }

    @Test func refusesANonZipAnUnknownParticipantAndAMissingFile() throws {
        let notAZip = folder.appending(path: "export.zip")
        try Data("not a zip".utf8).write(to: notAZip)
        let cases: [([String], Int32)] = [
            (["--participant", participant, notAZip.path], 65),
            (["--participant", "nobody", notAZip.path], 66),
            (["--participant", participant, folder.appending(path: "missing.zip").path], 66),
            ([notAZip.path], 64),
            (["--participant", participant], 64),
        ]
        for (arguments, code) in cases {
            let result = try CLIProcess.run(["import", "health"] + arguments + ["--data-dir", dataDir])
            #expect(result.status == code, "\(arguments)")
            #expect(result.stderr.hasPrefix("error: "))
            #expect(result.stdout.isEmpty)
        }
    }
}
