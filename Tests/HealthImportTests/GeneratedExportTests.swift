import Foundation
import Testing

@testable import HealthImport

/// The shared synthetic generator's layout (Apple's whole DTD, escaped device strings, typographic apostrophes,
/// workouts with nested elements, routes, a zip64 entry), when the generator is on this machine.
@Suite struct GeneratedExportTests {
    static let generator = "/work/shared/tools/gen_health_export.py"
    static let available =
        FileManager.default.fileExists(atPath: generator) && FileManager.default.fileExists(atPath: "/usr/bin/python3")

    @Test(.enabled(if: available)) func aGeneratedExportIsReadRecordForRecord() throws {
        let folder = try ExportFixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "export.zip")
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/python3")
        process.arguments = [
            Self.generator, url.path, "--steps", "2000", "--energy", "600", "--hr", "600", "--sleep-nights", "20",
            "--workouts", "3", "--routes", "1",
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)

        let result = try ExportFixture.importer(
            granted: [.stepCount, .heartRate, .sleepAnalysis], zone: "Europe/London"
        )
        .importExport(at: url)
        let summary = result.summary
        // 2000 + 600 + 600 + 20 nights of 9 sleep records.
        #expect(summary.recordsRead == 3380)
        #expect(summary.skipped[.notGranted] == 600)
        #expect(summary.recordsRead == summary.recordsKept + summary.skipped.values.reduce(0, +))
        // The generator starts at 2022-01-01 00:00 +0100, which is still 31 December in London.
        #expect(summary.firstDay?.description == "2021-12-31")
        #expect(Set(result.recentSamples.map(\.source)) == ["Sam’s iPhone", "Sam’s Apple Watch"])
        #expect(result.days.contains { $0.sleepSeconds ?? 0 > 4 * 3600 })
        #expect(result.days.allSatisfy { $0.activeEnergyKilocalories == nil })
    }
}
