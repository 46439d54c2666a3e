import Care
import CareSQLite
import Foundation
import RecoverData
import SQLite
import Testing

/// Every store write of participant or study data appends exactly one entry, in the same transaction.
@Suite struct AuditHookTests {
    let database: Database
    let trail: AuditTrail

    init() throws {
        database = try StorageFixture().open(
            AccountStore.schema.sqliteMigrations + SurveyDataStore.schema.sqliteMigrations + SQLiteCareStore.migrations)
        trail = AuditTrail(database: database)
    }

    private func all() throws -> [AuditEntry] { try trail.entries(afterSequence: 0, limit: 1000) }

    private func participant(_ email: String = "p@example.org") -> Account {
        Account(email: email, passwordHash: "$argon2id$test", role: .participant, timeZone: Fixture.newYork)
    }

    @Test func accountWritesAreAuditedWithTheirActor() throws {
        let store = AccountStore(database: database)
        let account = participant()
        try StudyStorage(database).write { db in
            db.auditActor = "cli:test"
            try AccountStore.createAccount(account, in: db)
        }
        try store.updateLanguage(accountID: account.id, language: "zh-Hans")
        try store.updatePassword(accountID: account.id, passwordHash: "$argon2id$other")
        try store.withdraw(accountID: account.id)
        let entries = try all()
        #expect(entries.map(\.action) == [.create, .update, .update, .update])
        #expect(entries.map(\.actor) == ["cli:test", "system", "system", "system"])
        #expect(entries.allSatisfy { $0.entityType == "account" && $0.entityID == account.id })
        #expect(entries.allSatisfy { $0.participantID == account.id })
        #expect(entries[0].beforeDigest == nil && entries[0].afterDigest != nil)
        for (earlier, later) in zip(entries, entries.dropFirst()) {
            #expect(later.beforeDigest == earlier.afterDigest)
        }
        #expect(try trail.verify() == .ok(count: 4))
    }

    @Test func sessionsAndSignInFailuresAreNotAudited() throws {
        let store = AccountStore(database: database)
        let account = try store.createAccount(participant())
        let now = Date()
        try store.createSession(
            SessionRecord(
                tokenHash: "hash", accountID: account.id, csrfToken: "csrf", createdAt: now, lastSeenAt: now,
                absoluteExpiry: now.addingTimeInterval(3600)))
        try store.touchSession(tokenHash: "hash")
        try store.recordSignInFailure(key: "account:p@example.org")
        #expect(try trail.count() == 1)
    }

    @Test func invitationsAreAuditedWithoutTheirCode() throws {
        let store = AccountStore(database: database)
        try store.createInvitation(Invitation(code: "secret-code"))
        let account = try store.redeemInvitation(code: "secret-code", newAccount: participant())
        try store.createInvitation(Invitation(code: "second-code"))
        try store.revokeInvitation(code: "second-code")
        try store.revokeInvitation(code: "second-code")  // no change: no entry
        let entries = try all()
        #expect(entries.map(\.entityType) == ["invitation", "account", "invitation", "invitation", "invitation"])
        #expect(entries.map(\.action) == [.create, .create, .update, .create, .update])
        #expect(!entries.contains { $0.entityID.contains("code") && !$0.entityID.hasPrefix("code-sha256:") })
        #expect(entries[2].entityID == AccountStore.invitationEntityID("secret-code"))
        #expect(entries[2].participantID == account.id)
    }

    @Test func careStoreWritesAreAuditedForTheirPatient() async throws {
        let care = SQLiteCareStore(database: database)
        _ = try await care.addPatient(Patient(id: "p-1", name: "P", timeZoneIdentifier: Fixture.newYork))
        _ = try await care.addCarePlan(CarePlan(id: "plan-1", title: "Knee", patientID: "p-1"))
        let task = try await care.addTask(Fixture.checkIn())
        let outcome = Fixture.outcome("o-1", task: task, occurrence: 0)
        _ = try await care.addOutcome(outcome)
        _ = try await care.addOutcome(outcome)  // a retry of the same id writes nothing
        _ = try await care.updateOutcome(id: "o-1", values: [OutcomeValue(.integer(4), kind: "pain")])
        _ = try await care.deleteOutcome(id: "o-1")
        var next = Fixture.checkIn(versionID: "checkin-v2")
        next.effectiveDate = Fixture.time("2025-07-01T00:00")
        _ = try await care.updateTask(next)
        let entries = try all()
        #expect(
            entries.map(\.entityType) == [
                "care_patient", "care_plan", "care_task_version", "care_outcome", "care_outcome", "care_outcome",
                "care_task_version",
            ])
        #expect(entries.map(\.action) == [.create, .create, .create, .create, .update, .delete, .create])
        #expect(entries.allSatisfy { $0.participantID == "p-1" })
        #expect(entries[5].afterDigest != nil)  // the tombstone keeps its row
        #expect(try trail.verify() == .ok(count: 7))
    }

    @Test func surveyResultsAreAuditedAndDraftsAreNot() throws {
        let surveys = SurveyDataStore(database: database)
        try surveys.saveDraft(
            SurveyDraftRecord(patientID: "p-1", taskID: "checkin", occurrence: 0, json: Data("{}".utf8)))
        let result = SurveyResultRecord(
            id: "r-1", patientID: "p-1", taskID: "checkin", occurrence: 0, surveyID: "checkin",
            completedAt: Fixture.created, json: Data(#"{"pain":3}"#.utf8))
        #expect(try surveys.writeCompleted(result))
        #expect(try !surveys.writeCompleted(result))
        #expect(try surveys.deleteResult(id: "r-1"))
        let entries = try all()
        #expect(entries.map(\.action) == [.create, .delete])
        #expect(entries.allSatisfy { $0.entityType == "survey_result" && $0.participantID == "p-1" })
        #expect(entries[1].afterDigest == nil && entries[1].beforeDigest == entries[0].afterDigest)
    }

    struct Refused: Error {}

    @Test func aRolledBackWriteLeavesNoEntry() throws {
        #expect(throws: Refused.self) {
            try StudyStorage(database).write { db in
                try AccountStore.createAccount(participant(), in: db)
                throw Refused()
            }
        }
        #expect(try trail.count() == 0)
        try AccountStore(database: database).createAccount(participant("second@example.org"))
        #expect(try all().map(\.sequence) == [1])
        #expect(try trail.verify() == .ok(count: 1))
    }

    @Test func concurrentWritersEachGetTheirOwnActorAndOneChain() async throws {
        let database = self.database
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    try await StudyStorage(database).write { db in
                        db.auditActor = "account:writer-\(index)"
                        try AccountStore.createAccount(
                            Account(
                                id: "a-\(index)", email: "w\(index)@example.org", passwordHash: "x", role: .participant),
                            in: db)
                    }
                }
            }
            try await group.waitForAll()
        }
        let entries = try all()
        #expect(entries.count == 40)
        #expect(entries.allSatisfy { $0.actor == "account:writer-\($0.entityID.dropFirst(2))" })
        #expect(try trail.verify() == .ok(count: 40))
    }
}
