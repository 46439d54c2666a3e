import Foundation
import PostgresTestSupport
import Recover
import RecoverData
import SQLite
import Testing

/// The values kept beside the entries of participant-data changes (`audit_value`), on every backend: stored in
/// the same transaction, readable, hashing to the entry's digests, append-only, and re-checked by verify.
@Suite struct AuditValuesTests {
    static let start = StudyStores.start
    let checkin = StudyEventKey(studyTaskID: StudyTaskID.checkin, occurrence: 0)

    /// A participant with a completed check-in (pain 6): an outcome and a survey result written by the stores.
    private func seeded(_ backend: StudyBackend) throws -> (storage: StudyStorage, participant: String) {
        let stores = try backend.make()
        let account = try stores.participant("ada@example.org")
        let state = try stores.onboardedPlan(account)
        let (run, survey) = try checkinRun(id: "run-1", pain: 6, at: Self.start)
        try stores.participants.completeSurvey(run, survey: survey, checkin, for: state)
        return (stores.seed.audit.database, account.id)
    }

    private func findings(_ storage: StudyStorage) throws -> [String] {
        try storage.read { db in
            var found: [String] = []
            try AuditTrail.verifyValues(in: db) { found.append($0.description) }
            return found
        }
    }

    private func entries(_ storage: StudyStorage, _ table: String) throws -> [AuditEntry] {
        try AuditTrail(database: storage).entries(afterSequence: 0, limit: 10_000).filter { $0.entityType == table }
    }

    @Test(arguments: StudyBackend.allCases) func outcomeAndSurveyChangesKeepTheirValues(backend: StudyBackend) throws {
        let (storage, _) = try seeded(backend)
        let outcome = try #require(try entries(storage, "care_outcome").first)
        let values = try storage.read { db in
            try AuditValues.forEntity("care_outcome", id: outcome.entityID, in: db)
        }
        let created = try #require(values.first)
        #expect(created.sequence == outcome.sequence && created.before == nil)
        let after = try #require(created.after)
        #expect(after.digest(table: "care_outcome") == outcome.afterDigest)
        #expect(after.text("values_json")?.contains("pain") == true)
        #expect(after.text("values_json")?.contains("6") == true)
        let result = try #require(try entries(storage, "survey_result").first)
        let resultValues = try storage.read { db in try AuditValues.forEntries([result.sequence], in: db) }
        #expect(resultValues[result.sequence]?.after?.digest(table: "survey_result") == result.afterDigest)
        #expect(try findings(storage) == [])
        let checked = try storage.read { db in try AuditTrail.verifyValues(in: db) { _ in } }
        #expect(checked >= 2)
        #expect(
            try entries(storage, "account").allSatisfy { entry in
                (try? storage.read { db in try AuditValues.forEntries([entry.sequence], in: db) })?.isEmpty == true
            }, "accounts keep no values (the row holds the password hash)")
    }

    @Test(arguments: StudyBackend.allCases) func valueRowsRefuseUpdateAndDelete(backend: StudyBackend) throws {
        let (storage, _) = try seeded(backend)
        for statement in ["UPDATE audit_value SET after_json = '{}'", "DELETE FROM audit_value"] {
            #expect(throws: (any Error).self, "\(statement)") {
                try storage.write { db in try db.execute(statement) }
            }
        }
        #expect(try findings(storage) == [])
    }

    @Test(arguments: StudyBackend.allCases) func anEditedMissingOrOrphanedValueRecordIsNamed(
        backend: StudyBackend
    ) throws {
        let (storage, _) = try seeded(backend)
        // The first value record is edited, the last deleted (one before the first is not yet kept).
        let kept = try entries(storage, "care_outcome") + entries(storage, "survey_result")
        let first = try #require(kept.min { $0.sequence < $1.sequence })
        let last = try #require(kept.max { $0.sequence < $1.sequence })
        #expect(first.sequence != last.sequence)
        let edited = try storage.read { db in
            try #require(try AuditValues.forEntries([first.sequence], in: db)[first.sequence]?.after)
        }
        var columns = edited.columns
        columns["id"] = .text("forged")
        let forged = AuditRowValues(columns: columns).jsonText
        try storage.write { db in
            if db.dialect == .sqlite {
                try db.execute("DROP TRIGGER audit_value_no_update")
                try db.execute("DROP TRIGGER audit_value_no_delete")
            } else {
                try db.execute("ALTER TABLE audit_value DISABLE TRIGGER USER")
            }
            try db.execute("UPDATE audit_value SET after_json = ? WHERE sequence = ?", [forged, first.sequence])
            try db.execute("DELETE FROM audit_value WHERE sequence = ?", [last.sequence])
            try db.execute("INSERT INTO audit_value (sequence, before_json, after_json) VALUES (999999, NULL, '{}')")
        }
        #expect(
            Set(try findings(storage)) == [
                "audit_value \(first.sequence) (\(first.entityType) \(first.entityID)): edited",
                "audit_value \(last.sequence) (\(last.entityType) \(last.entityID)): missing",
                "audit_value 999999: without entry",
            ])
    }

    @Test func theJSONFormRoundTripsEveryKindExactly() throws {
        let values = AuditRowValues(columns: [
            "n": .null, "i": .integer(Int64.min), "r": .real(0.1), "t": .text("疼痛 \"7\"\n"),
            "b": .blob(Data([0, 255])),
        ])
        let text = values.jsonText
        #expect(text.hasPrefix(#"{"b":["b","AP8="],"i":["i","-9223372036854775808"],"n":["n"],"r":["r","#))
        #expect(AuditRowValues(jsonText: text) == values)
        #expect(AuditRowValues(jsonText: text)?.digest(table: "x") == values.digest(table: "x"))
        for bad in ["[]", #"{"a":["i","x"]}"#, #"{"a":["z","1"]}"#, #"{"a":["n","1"]}"#, "not json"] {
            #expect(AuditRowValues(jsonText: bad) == nil, "\(bad)")
        }
    }

    @Test func theJSONFormIsWhatJSONSerializationWroteWithSortedKeys() throws {
        let values = AuditRowValues(columns: [
            "values_json": .text(#"{"pain":"6","url":"a/b","tab":"\t","bell":"\u{07}","quote":"\""}"#),
            "created_at": .text("2026-12-05 13:00:00.000"), "occurrence": .integer(3), "deleted_at": .null,
            "task_id": .text("疼痛\r\n\u{08}\u{0C}\u{1F}"), "score": .real(-2.5), "png": .blob(Data([1, 2, 3, 250])),
        ])
        var object: [String: [String]] = [:]
        for (column, value) in values.columns {
            switch value {
            case .null: object[column] = ["n"]
            case .integer(let number): object[column] = ["i", String(number)]
            case .real(let number): object[column] = ["r", String(number.bitPattern, radix: 16)]
            case .text(let text): object[column] = ["t", text]
            case .blob(let data): object[column] = ["b", data.base64EncodedString()]
            }
        }
        let foundation = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        #expect(values.jsonText == String(decoding: foundation, as: UTF8.self))
        #expect(AuditRowValues(jsonText: values.jsonText) == values)
    }
}
