import Care
import Foundation
import Recover
import RecoverData
import Research
import Testing

/// The outcome values kept as rows (`outcome_value`) on every backend: they follow answers, a changed answer,
/// a deleted answer and a withdrawal exactly as the outcomes' JSON says, in the transaction of each write.
@Suite struct OutcomeValueContractTests {
    let start = StudyStores.start

    @Test(arguments: StudyBackend.allCases) func theValueRowsFollowAnswersChangesAndDeletions(backend: StudyBackend)
        throws
    {
        let stores = try backend.make()
        let database = try #require(stores.console as? StudyDatabase)
        let ada = try stores.participant("ada@example.com", zone: "UTC")
        let bob = try stores.participant("bob@example.com", zone: "UTC")
        let adaState = try stores.onboardedPlan(ada)
        _ = try stores.onboardedPlan(bob)
        #expect(try database.outcomeValueMismatches() == [])
        let before = try stores.seed.rows("outcome_value")

        func checkIn(_ account: Account, day: Int, pain: Int) throws {
            let now = start + Double(day) * 86_400
            let state = try stores.participants.participant(account, now: now)
            let (run, survey) = try checkinRun(id: "run-\(account.email)-\(day)", pain: pain, at: now)
            try stores.participants.completeSurvey(
                run, survey: survey, StudyEventKey(studyTaskID: StudyTaskID.checkin, occurrence: day), for: state)
        }
        try checkIn(ada, day: 0, pain: 3)
        try checkIn(ada, day: 1, pain: 4)
        try checkIn(bob, day: 0, pain: 9)
        #expect(try stores.seed.rows("outcome_value") == before + 6, "pain and sleep of three check-ins")
        #expect(try database.outcomeValueMismatches() == [])

        // Staff corrections: the newest one is the value's.
        let staff = try stores.staff("r@example.com", role: .researcher)
        let corrected = try #require(
            try stores.participants.outcomes(patientID: bob.id).first { $0.taskID.hasSuffix(".checkin") })
        for (value, minutes) in [(5, 1.0), (4, 2.0)] {
            _ = try stores.console.correctOutcome(
                outcomeID: corrected.id, kind: RecoverSurveys.Checkin.pain, newValue: value,
                reason: "phoned back \(value)",
                participantID: bob.id, staffID: staff.id, at: start + minutes * 60)
        }
        #expect(try database.outcomeValueMismatches() == [])
        let kept = try stores.seed.audit.database.read { db in
            try db.queryOne(
                "SELECT corrected_value, correction_reason FROM outcome_value WHERE outcome_id = ? AND kind = ?",
                [corrected.id, RecoverSurveys.Checkin.pain])
        }
        #expect(try kept?.int("corrected_value") == 4)
        #expect(try kept?.string("correction_reason") == "phoned back 4")

        // A changed answer: its new values, none of the old.
        let key = StudyEventKey(studyTaskID: StudyTaskID.checkin, occurrence: 1)
        let changed = try #require(
            try stores.participants.outcomes(patientID: ada.id).first {
                $0.taskID.hasSuffix(".checkin") && $0.occurrenceIndex == 1
            })
        let (run, survey) = try checkinRun(id: "run-change", pain: 8, at: start + 86_400)
        try stores.participants.updateSurvey(key, account: ada, now: start + 86_400) { _ -> (SurveyUpdate, Void) in
            (.replace(run, survey: survey, outcomeID: changed.id), ())
        }
        #expect(try stores.seed.rows("outcome_value") == before + 6)
        #expect(try database.outcomeValueMismatches() == [])

        // A deleted answer has no rows.
        let live = try #require(
            try stores.participants.outcomes(patientID: ada.id).first {
                $0.taskID.hasSuffix(".checkin") && $0.occurrenceIndex == 1 && $0.deletedDate == nil
            })
        try stores.participants.deleteAnswer(outcomeID: live.id, for: adaState)
        #expect(try stores.seed.rows("outcome_value") == before + 4)
        #expect(try database.outcomeValueMismatches() == [])

        try stores.participants.withdraw(patientID: bob.id, on: adaState.today.addingDays(2), at: start + 2 * 86_400)
        #expect(try database.outcomeValueMismatches() == [])
    }
}
