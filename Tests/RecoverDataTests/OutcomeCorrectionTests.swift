import Foundation
import PostgresTestSupport
import Recover
import RecoverData
import Testing

/// Staff corrections of outcome values, on every backend: stored as their own append-only record with the
/// reason, audited with values and re-checked by verify; the outcome stays as entered; bad input stores nothing.
@Suite struct OutcomeCorrectionTests {
    static let start = StudyStores.start
    let checkin = StudyEventKey(studyTaskID: StudyTaskID.checkin, occurrence: 0)
    let pain = RecoverSurveys.Checkin.pain

    private func seeded(_ backend: StudyBackend) throws -> (
        stores: StudyStores, storage: StudyStorage, participant: String, outcome: String, staff: String
    ) {
        let stores = try backend.make()
        let account = try stores.participant("ada@example.org")
        let researcher = try stores.staff("r@example.org", role: .researcher)
        let state = try stores.onboardedPlan(account)
        let (run, survey) = try checkinRun(id: "run-1", pain: 7, at: Self.start)
        try stores.participants.completeSurvey(run, survey: survey, checkin, for: state)
        let storage = stores.seed.audit.database
        let outcome = try storage.read { db in
            try ConsoleQueries.outcomes(participantID: account.id, in: db)
                .first { $0.outcome.values.contains { $0.kind == RecoverSurveys.Checkin.pain } }?.outcome.id
        }
        return (stores, storage, account.id, try #require(outcome), researcher.id)
    }

    @Test(arguments: StudyBackend.allCases) func aCorrectionIsItsOwnAuditedRecordAndTheOriginalStays(
        backend: StudyBackend
    ) throws {
        let (stores, storage, participant, outcome, staff) = try seeded(backend)
        let before = try storage.read { db in try ConsoleQueries.outcomes(participantID: participant, in: db) }
        let first = try stores.console.correctOutcome(
            outcomeID: outcome, kind: pain, newValue: 5, reason: "  entered on the wrong slider  ",
            participantID: participant, staffID: staff, at: Self.start + 60)
        #expect(first.oldValue == 7 && first.newValue == 5 && first.reason == "entered on the wrong slider")
        let second = try stores.console.correctOutcome(
            outcomeID: outcome, kind: pain, newValue: 4, reason: "phoned back", participantID: participant,
            staffID: staff, at: Self.start + 120)
        #expect(second.oldValue == 5, "a second correction replaces the value in force")
        let (after, corrections) = try storage.read { db in
            (
                try ConsoleQueries.outcomes(participantID: participant, in: db),
                try OutcomeCorrections.corrections(participantID: participant, in: db)
            )
        }
        #expect(after == before, "the outcome stays as the participant entered it")
        #expect(corrections.map(\.newValue) == [5, 4] && corrections.allSatisfy { $0.staffID == staff })
        let entered = try #require(after.first { $0.outcome.id == outcome }?.outcome)
        let inForce = OutcomeCorrections.corrected(entered, by: corrections)
        #expect(inForce.values.first { $0.kind == pain }?.content == .integer(4))

        let entries = try AuditTrail(database: storage).entries(afterSequence: 0, limit: 10_000)
            .filter { $0.entityType == "outcome_correction" }
        #expect(entries.count == 2 && entries.allSatisfy { $0.actor == "account:\(staff)" })
        #expect(entries.allSatisfy { $0.participantID == participant })
        let values = try storage.read { db in try AuditValues.forEntries(entries.map(\.sequence), in: db) }
        #expect(values[entries[0].sequence]?.after?.text("reason") == "entered on the wrong slider")
        let (records, valueFindings) = try storage.read { db in
            var found: [String] = []
            try AuditTrail.verifyRecords(in: db) { found.append($0.description) }
            try AuditTrail.verifyValues(in: db) { found.append($0.description) }
            return (found, found.count)
        }
        #expect(records == [] && valueFindings == 0)
    }

    @Test(arguments: StudyBackend.allCases) func correctionsRefuseUpdateAndDelete(backend: StudyBackend) throws {
        let (stores, storage, participant, outcome, staff) = try seeded(backend)
        _ = try stores.console.correctOutcome(
            outcomeID: outcome, kind: pain, newValue: 5, reason: "typo", participantID: participant, staffID: staff,
            at: Self.start)
        for statement in ["UPDATE outcome_correction SET new_value = 9", "DELETE FROM outcome_correction"] {
            #expect(throws: (any Error).self, "\(statement)") {
                try storage.write { db in try db.execute(statement) }
            }
        }
        #expect(
            try storage.read { db in try OutcomeCorrections.corrections(participantID: participant, in: db) }
                .map(\.newValue) == [5])
    }

    @Test(arguments: StudyBackend.allCases) func badCorrectionsAreRefusedAndStoreNothing(backend: StudyBackend) throws {
        let (stores, storage, participant, outcome, staff) = try seeded(backend)
        let other = try stores.participant("bob@example.org")
        _ = try stores.onboardedPlan(other)
        let cases: [(String, String, Int, String, String, CorrectionRefusal)] = [
            (outcome, pain, 5, "   ", participant, .missingReason),
            (outcome, pain, 5, String(repeating: "x", count: 1001), participant, .reasonTooLong),
            (outcome, pain, 11, "typo", participant, .outOfRange(1...10)),
            (outcome, pain, 0, "typo", participant, .outOfRange(1...10)),
            (outcome, pain, 7, "typo", participant, .unchanged),
            ("unknown", pain, 5, "typo", participant, .unknownValue),
            (outcome, pain, 5, "typo", other.id, .unknownValue),
            (outcome, "knee.range.of.motion", 5, "typo", participant, .notCorrectable),
        ]
        let entriesBefore = try AuditTrail(database: storage).count()
        for (id, kind, value, reason, owner, refusal) in cases {
            #expect(throws: refusal, "\(kind) \(value) \(reason.prefix(8)) \(owner == participant)") {
                _ = try stores.console.correctOutcome(
                    outcomeID: id, kind: kind, newValue: value, reason: reason, participantID: owner, staffID: staff,
                    at: Self.start)
            }
        }
        #expect(try stores.seed.rows("outcome_correction") == 0)
        #expect(try AuditTrail(database: storage).count() == entriesBefore)
    }
}
