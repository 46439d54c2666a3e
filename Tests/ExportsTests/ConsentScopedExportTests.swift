import Care
import Exports
import Foundation
import RecoverData
import SQLite
import Testing

/// Every exported value names the consent it was collected under; exports leave out data after withdrawal
/// (unless asked) and, when asked, participants without the current consent version, and say which they did.
@Suite struct ConsentScopedExportTests {
    static func json(_ fixture: ExportFixture, _ filter: ExportFilter, _ name: String) throws -> [String: Any] {
        let out = fixture.url(name)
        try ExportFormat.json.write(
            from: fixture.records.database, filter: filter, pseudonyms: fixture.pseudonyms, to: out)
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
    }

    static func participants(_ root: [String: Any]) -> [[String: Any]] {
        root["participants"] as? [[String: Any]] ?? []
    }

    @Test func valuesNameTheirConsentAndDataAfterWithdrawalIsLeftOutUnlessAsked() throws {
        let fixture = try ExportFixture(participants: 2, days: 8)
        let accounts = try AccountStore(database: fixture.database).accounts(role: .participant)
        let leaving = try #require(accounts.first)
        let consent = try #require(try fixture.records.consentRecords(patientID: leaving.id).first)
        // Withdraw at the instant of the participant's fourth outcome: later ones stand for data after withdrawal.
        let outcomes = try fixture.records.outcomes(patientID: leaving.id, days: nil).sorted {
            $0.createdDate < $1.createdDate
        }
        #expect(outcomes.count > 5)
        let withdrawnAt = outcomes[3].createdDate
        try fixture.database.write { db in
            try db.execute("UPDATE account SET withdrawn_at = ? WHERE id = ?", [withdrawnAt, leaving.id])
        }

        let byDefault = try Self.json(fixture, try ExportFilter(), "default.json")
        let filter = try #require(byDefault["filter"] as? [String: Any])
        #expect(filter["afterWithdrawal"] as? String == "excluded")
        #expect(filter["withoutCurrentConsent"] as? String == "included")
        let pseudonym = fixture.pseudonyms.id(for: leaving.id)
        let exported = try #require(Self.participants(byDefault).first { $0["id"] as? String == pseudonym })
        let kept = try #require(exported["outcomes"] as? [[String: Any]])
        #expect(kept.count == 4)
        #expect(
            kept.allSatisfy { $0["consentRecord"] as? String == consent.id && $0["consentVersion"] as? String == "1.0" }
        )
        let results = try #require(exported["surveyResults"] as? [[String: Any]])
        #expect(results.count == 4)
        #expect(results.allSatisfy { $0["consentRecord"] as? String == consent.id })

        var everything = try ExportFilter()
        everything.consent.afterWithdrawal = .included
        let all = try Self.json(fixture, everything, "all.json")
        let allOutcomes =
            Self.participants(all).first { $0["id"] as? String == pseudonym }?["outcomes"] as? [[String: Any]]
        #expect(allOutcomes?.count == outcomes.count)

        let csv = fixture.url("default.csv")
        try ExportFormat.csv.write(
            from: fixture.records.database, filter: try ExportFilter(), pseudonyms: fixture.pseudonyms, to: csv)
        let rows = CSVReader.rows(try String(contentsOf: csv, encoding: .utf8))
        #expect(rows.first?.suffix(3) == ["consent_version", "corrected_value", "correction_reason"])
        let leavingRows = rows.dropFirst().filter { $0[0] == pseudonym }
        #expect(Set(leavingRows.map { "\($0[1])/\($0[2])" }).count == 4)
        #expect(rows.dropFirst().allSatisfy { $0[8] == "1.0" })
    }

    @Test func theFHIRConsentOfAWithdrawnParticipantIsInactiveWithTheWithdrawalsProvenance() throws {
        let fixture = try ExportFixture(participants: 2, days: 3)
        let accounts = try AccountStore(database: fixture.database).accounts(role: .participant)
        let leaving = try #require(accounts.first)
        try fixture.records.withdraw(patientID: leaving.id, on: ExportFixture.today, at: Date())
        let out = fixture.url("bundle.json")
        try ExportFormat.fhir.write(
            from: fixture.records.database, filter: try ExportFilter(), pseudonyms: fixture.pseudonyms, to: out)
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let tags = ((bundle["meta"] as? [String: Any])?["tag"] as? [[String: Any]])?.compactMap {
            $0["code"] as? String
        }
        #expect(tags == ["after-withdrawal-excluded", "without-current-consent-included"])
        let resources = (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
        let consents = resources.filter { $0["resourceType"] as? String == "Consent" }
        #expect(consents.count == 2)
        let statuses = consents.compactMap { $0["status"] as? String }.sorted()
        #expect(statuses == ["active", "inactive"])
        let withdrawal = resources.filter {
            $0["resourceType"] as? String == "Provenance"
                && ($0["activity"] as? [String: Any])?["text"] as? String
                    == "Withdrawal from the study"
        }
        #expect(withdrawal.count == 1)
        let target = (withdrawal.first?["target"] as? [[String: Any]])?.first?["reference"] as? String
        let inactive = consents.first { $0["status"] as? String == "inactive" }
        #expect(target == "urn:uuid:\(inactive?["id"] as? String ?? "?")")
        let observations = resources.filter { $0["resourceType"] as? String == "Observation" }
        #expect(!observations.isEmpty)
        #expect(
            observations.allSatisfy { observation in
                let ext = (observation["extension"] as? [[String: Any]])?.first
                return ext?["url"] as? String == "urn:recover:extension:collected-under-consent"
            })
    }

    @Test func participantsWithoutTheCurrentVersionAreLeftOutOnlyWhenAsked() throws {
        let fixture = try ExportFixture(participants: 2, days: 3)
        let participation = try #require(
            try fixture.records.consentVersions().first { $0.documentID == ConsentLibrary.participation })
        var next = participation
        next.version = "1.1"
        next.publishedAt = Date()
        for language in next.texts.keys { next.texts[language]?.html += "<!-- 1.1 -->" }
        try fixture.records.publishConsent(next, by: "cli:test")

        #expect(Self.participants(try Self.json(fixture, try ExportFilter(), "default.json")).count == 2)
        var current = try ExportFilter()
        current.consent.withoutCurrentConsent = .excluded
        let root = try Self.json(fixture, current, "current.json")
        #expect(Self.participants(root).isEmpty)
        #expect((root["filter"] as? [String: Any])?["withoutCurrentConsent"] as? String == "excluded")
        let csv = fixture.url("current.csv")
        let rows = try ExportFormat.csv.write(
            from: fixture.records.database, filter: current, pseudonyms: fixture.pseudonyms, to: csv)
        #expect(rows == 0)
    }
}
