import Care
import Cryptography
import Foundation
import PostgresTestSupport
import RecoverData
import Testing

/// `recover audit verify`'s re-check of the records against the trail, and signed checkpoints, on every
/// backend: someone with the database changes rows behind the stores' back (triggers dropped or disabled).
@Suite struct AuditRecordsTests {
    static let start = StudyStores.start

    /// An account with its care plan, a signed consent and a survey result, all written through the stores
    /// (outcomes are covered by the command tests, on demo data).
    private func seeded(_ backend: StudyBackend) throws -> (stores: StudyStores, storage: StudyStorage, ids: Seeded) {
        let stores = try backend.make()
        let storage = stores.seed.audit.database
        let account = try stores.participant("ada@example.org")
        _ = try stores.onboardedPlan(account)
        try stores.seed.addConsent(
            ConsentSigningTests.record(id: "c-ada", patientID: account.id, name: "Ada", png: [1, 2, 3]))
        try stores.seed.addSurveyResult(
            SurveyResultRecord(
                id: "r-ada", patientID: account.id, taskID: "checkin", occurrence: 0, surveyID: "checkin",
                completedAt: Self.start, json: Data("{}".utf8)))
        return (stores, storage, Seeded(account: account.id))
    }

    struct Seeded {
        let account: String
    }

    private func discrepancies(_ storage: StudyStorage) throws -> [String] {
        try storage.read { db in
            var found: [String] = []
            try AuditTrail.verifyRecords(in: db) { found.append($0.description) }
            return found
        }
    }

    /// Runs `statements` with the consent and audit triggers out of the way, as someone with the database can.
    private func tamper(_ storage: StudyStorage, _ statements: [String]) throws {
        try storage.write { db in
            if db.dialect == .sqlite {
                for trigger in [
                    "consent_record_no_update", "consent_record_no_delete", "consent_signature_no_delete",
                    "audit_entry_no_update", "audit_entry_no_delete",
                ] {
                    try db.execute("DROP TRIGGER IF EXISTS \(trigger)")
                }
            } else {
                for table in ["consent_record", "consent_signature", "audit_entry"] {
                    try db.execute("ALTER TABLE \(table) DISABLE TRIGGER USER")
                }
            }
            for statement in statements { try db.execute(statement) }
        }
    }

    @Test(arguments: StudyBackend.allCases) func recordsWrittenByTheStoresMatchTheTrail(backend: StudyBackend) throws {
        let (_, storage, _) = try seeded(backend)
        #expect(try discrepancies(storage) == [])
        let checked = try storage.read { db in try AuditTrail.verifyRecords(in: db) { _ in } }
        #expect(checked == 4, "account, survey result, consent record and its signature")
    }

    @Test(arguments: StudyBackend.allCases) func editedDeletedAndUnrecordedRowsAreNamed(backend: StudyBackend) throws {
        let (_, storage, ids) = try seeded(backend)
        try tamper(
            storage,
            [
                "DELETE FROM survey_result WHERE id = 'r-ada'",
                "DELETE FROM consent_signature WHERE consent_id = 'c-ada'",
                "DELETE FROM consent_record WHERE id = 'c-ada'",
                """
                INSERT INTO account (id, email, password_hash, role, created_at)
                VALUES ('ghost', 'ghost@example.org', 'x', 'participant', '2027-01-15T08:00:00.000Z')
                """,
                "UPDATE account SET email = 'eve@example.org' WHERE id = '\(ids.account)'",
            ])
        #expect(
            Set(try discrepancies(storage)) == [
                "account ghost: unrecorded", "account \(ids.account): edited",
                "survey_result r-ada: deleted", "consent_record c-ada: deleted", "consent_signature c-ada: deleted",
            ])
    }

    @Test(arguments: StudyBackend.allCases) func consentRowsRefuseUpdateAndDelete(backend: StudyBackend) throws {
        let (_, storage, _) = try seeded(backend)
        for statement in [
            "UPDATE consent_record SET printed_name = 'x'", "DELETE FROM consent_record",
            "UPDATE consent_signature SET key_id = 'x'", "DELETE FROM consent_signature",
            "UPDATE audit_checkpoint SET entries = 0", "DELETE FROM audit_checkpoint",
        ] {
            #expect(throws: (any Error).self, "\(statement)") {
                try storage.write { db in try db.execute(statement) }
            }
        }
        #expect(try discrepancies(storage) == [])
    }

    @Test(arguments: StudyBackend.allCases) func aCheckpointHoldsAndNamesACutOrARewrite(backend: StudyBackend) throws {
        let (_, storage, _) = try seeded(backend)
        let key = try SigningKey(seed: Array(repeating: 3, count: 32))
        let checkpoint = try AuditCheckpoint.make(signingKey: key, at: Self.start, in: storage)
        let count = try AuditTrail(database: storage).count()
        #expect(checkpoint.entries == Int64(count) && checkpoint.isSigned(by: key.publicKey))
        #expect(!checkpoint.isSigned(by: SigningKey.generate().publicKey))
        #expect(try AuditCheckpoint.latest(in: storage) == checkpoint)
        let parsed = try AuditCheckpoint(json: checkpoint.json)
        #expect(parsed == checkpoint && parsed.isSigned(by: key.publicKey))
        #expect(try storage.read { db in try checkpoint.check(in: db) } == .holds)

        try tamper(
            storage,
            ["UPDATE audit_entry SET entry_hash = '\(String(repeating: "e", count: 64))' WHERE sequence = \(count)"])
        #expect(try storage.read { db in try checkpoint.check(in: db) } == .rewritten)
        try tamper(storage, ["DELETE FROM audit_entry WHERE sequence = \(count)"])
        #expect(try storage.read { db in try checkpoint.check(in: db) } == .cut(entries: Int64(count - 1)))
    }

    @Test(arguments: StudyBackend.allCases) func theDailyCheckpointIsMadeOncePerDay(backend: StudyBackend) throws {
        let storage = try backend.make().seed.audit.database
        let key = try SigningKey(seed: Array(repeating: 3, count: 32))
        #expect(try AuditCheckpoint.makeDaily(signingKey: key, at: Self.start, in: storage) != nil)
        #expect(try AuditCheckpoint.makeDaily(signingKey: key, at: Self.start + 3600, in: storage) == nil)
        #expect(try AuditCheckpoint.makeDaily(signingKey: key, at: Self.start + 86_400, in: storage) != nil)
        let stored = try storage.read { db in
            var all: [AuditCheckpoint] = []
            try AuditCheckpoint.forEach(in: db) { all.append($0) }
            return all
        }
        #expect(stored.count == 2)
    }

    @Test func checkpointJSONHasTheDocumentedShape() throws {
        let key = try SigningKey(seed: Array(repeating: 7, count: 32))
        let checkpoint = AuditCheckpoint(
            entries: 12, headHash: String(repeating: "a", count: 64), createdAt: Self.start, signingKey: key)
        let expectedText =
            "recover-audit-checkpoint-v1\nentries\t12\nhead_hash\t\(String(repeating: "a", count: 64))\n"
            + "created_at\t2027-01-15T08:00:00.000Z\nkey\t\(SigningKey.keyID(of: key.publicKey))\n"
        #expect(checkpoint.signedText == expectedText)
        #expect(
            checkpoint.jsonText.hasPrefix(
                "{\"format\":\"recover-audit-checkpoint-v1\",\"entries\":12,\"head_hash\":\"aaaa"))
        var object = checkpoint.jsonObject
        object["entries"] = 13
        let forged = try AuditCheckpoint(jsonObject: object)
        #expect(!forged.isSigned(by: key.publicKey))
        #expect(throws: AuditCheckpointError.self) { try AuditCheckpoint(json: Data("{\"format\":1}".utf8)) }
    }
}
