import Foundation
import Testing

@testable import HealthImport

/// Random damage never traps: the parsers return nil or a reason, the importer a result or a `HealthImportError`.
@Suite struct MutatedInputTests {
    typealias F = ExportFixture

    @Test func randomBytesNeverTrapTheDateAndNumberParsers() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789-+:. eE\u{0}x".utf8) + [0xFF, 0x80]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...30, using: &generator)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator)
                    ? alphabet.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
            }
            bytes.withUnsafeBufferPointer { buffer in
                _ = ExportTimestamp.parse(buffer)
                if let number = DecimalValue.parse(buffer) { #expect(number.isFinite) }
            }
        }
    }

    @Test func damagedDocumentsAndZipsGiveAResultOrATypedError() throws {
        let body = [
            F.record(F.steps, start: "2025-06-01 08:00:00 +0200", value: "12"),
            F.record(HealthType.heartRate.rawValue, unit: "count/min", start: "2025-06-01 09:00:00 +0200", value: "61"),
            F.record(
                HealthType.sleepAnalysis.rawValue, unit: nil, start: "2025-06-01 01:00:00 +0200",
                end: "2025-06-01 02:00:00 +0200", value: SleepStage.asleepCore.rawValue),
        ].joined()
        let xml = Array(F.document(body).utf8)
        let folder = try F.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "export.zip")
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var damaged = xml
            if round % 2 == 0 {
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
                try F.zip([F.Entry(ExportArchive.entryPath, bytes: damaged)], to: url)
            } else {
                try F.zip([F.Entry(ExportArchive.entryPath, bytes: damaged)], to: url)
                var zip = try [UInt8](Data(contentsOf: url))
                zip[Int.random(in: 0..<zip.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
                try Data(zip).write(to: url)
            }
            do {
                let result = try F.importer().importExport(at: url)
                #expect(
                    result.summary.recordsRead == result.summary.recordsKept
                        + result.summary.skipped.values.reduce(0, +))
            } catch let error as HealthImportError {
                #expect(!error.message.isEmpty)
            }
        }
    }
}
