import CareSQLite
import Exports
import Foundation
import RecoverData
import SQLite
import Testing

@Suite struct JSONExportTests {
    @Test func everyParticipantComesWithOutcomesSurveyResultsAndSignedConsent() throws {
        let fixture = try ExportFixture(participants: 3, days: 6)
        let out = fixture.url("all.json")
        let count = try ExportFormat.json.write(
            from: fixture.records.database, filter: try ExportFilter(), pseudonyms: fixture.pseudonyms, to: out)
        #expect(count == 3)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        #expect(root["format"] as? String == "recover.export")
        let participants = try #require(root["participants"] as? [[String: Any]])
        let accounts = try AccountStore(database: fixture.database).accounts(role: .participant)
        #expect(
            Set(participants.compactMap { $0["id"] as? String })
                == Set(accounts.map { fixture.pseudonyms.id(for: $0.id) }))
        for participant in participants {
            let results = try #require(participant["surveyResults"] as? [[String: Any]])
            let outcomes = try #require(participant["outcomes"] as? [[String: Any]])
            #expect(results.count == outcomes.count, "each completed survey stored one outcome")
            #expect(results.allSatisfy { ($0["result"] as? [String: Any])?["format"] as? String == "recover.result" })
            let consents = try #require(participant["consents"] as? [[String: Any]])
            #expect(consents.count == 1)
            #expect((consents.first?["serverSignature"] as? String).flatMap { Data(base64Encoded: $0) }?.count == 64)
        }
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(!text.contains("example.invalid") && !accounts.contains { text.contains($0.id) })
    }
}
