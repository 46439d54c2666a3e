import Cryptography
import Exports
import Foundation
import RecoverData
import Testing

/// The console's study exports carry a signed audit checkpoint made with them (JSON: `auditCheckpoint`, FHIR:
/// the Bundle's `urn:recover:audit-checkpoint` extension) that holds against the trail.
@Suite struct ExportCheckpointTests {
    @Test func jsonAndFHIRExportsCarryAFreshSignedCheckpoint() throws {
        let fixture = try ExportFixture(participants: 2, days: 3)
        let exports = StudyExports(records: fixture.records, signingKey: fixture.key)
        let entries = try AuditTrail(database: fixture.records.database).count()

        try exports.write(.json, to: fixture.url("all.json"))
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.url("all.json"))) as? [String: Any])
        let fromJSON = try AuditCheckpoint(jsonObject: try #require(root["auditCheckpoint"] as? [String: Any]))
        #expect(fromJSON.entries == Int64(entries) && fromJSON.isSigned(by: fixture.key.publicKey))

        try exports.write(.fhir, to: fixture.url("all.fhir.json"))
        let bundle = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.url("all.fhir.json"))) as? [String: Any])
        let meta = try #require(bundle["meta"] as? [String: Any])
        let extensions = try #require(meta["extension"] as? [[String: Any]])
        let text = try #require(
            extensions.first { $0["url"] as? String == "urn:recover:audit-checkpoint" }?["valueString"] as? String)
        let fromFHIR = try AuditCheckpoint(json: Data(text.utf8))
        #expect(fromFHIR.isSigned(by: fixture.key.publicKey) && fromFHIR.entries >= fromJSON.entries)
        #expect(try fixture.records.database.read { db in try fromFHIR.check(in: db) } == .holds)
        #expect(try AuditCheckpoint.latest(in: fixture.records.database) == fromFHIR)
    }
}
