import Foundation
import HealthImport
import Testing

@testable import FuzzTargets

/// The health target's seeds reach both paths it promises: export.xml wrapped in a zip (libxml2 and the record
/// rules) and zip bytes taken as they are (libarchive), each with a result or the expected refusal.
@Suite struct HealthFuzzTargetTests {
    static func seed(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: FuzzRegressionTests.fuzz.appending(path: "corpus/health/\(name)")))
    }

    @Test func anXMLSeedIsWrappedInAZipAndItsRecordsAreKeptAndSkipped() throws {
        let result = try HealthFuzzTargets.outcome(of: try Self.seed("export-records.xml")).get()
        #expect(result.summary.recordsRead == 15)
        #expect(result.summary.recordsKept > 8 && result.summary.skipped.count >= 4)
        let day = try #require(result.days.first { $0.day.description == "2026-03-29" })
        #expect(day.steps == 420 && day.systolic?.count == 1 && day.sleepSeconds != nil)
    }

    @Test func aZipSeedIsReadAsItIs() throws {
        let deflated = try HealthFuzzTargets.outcome(of: try Self.seed("zip-deflated.zip")).get()
        #expect(deflated.summary.recordsKept > 0, "Export.xml is found without case beside another entry")
        let stored = try HealthFuzzTargets.outcome(of: try Self.seed("zip-stored.zip")).get()
        #expect(stored.summary.recordsKept == 1)
        #expect(throws: HealthImportError.self) {
            try HealthFuzzTargets.outcome(of: try Self.seed("zip-without-export.zip")).get()
        }
        let entity = HealthFuzzTargets.outcome(of: try Self.seed("export-entity.xml"))
        #expect((try? entity.get()) == nil)
    }
}
