import Care
import Foundation
import Recover
import RecoverData
import Research
import Testing

/// The same contract for every ``ParticipantStore``: what the participant pages rely on.
@Suite struct ParticipantStoreContractTests {
    let start = StudyStores.start
    let checkin = StudyEventKey(studyTaskID: StudyTaskID.checkin, occurrence: 0)

    @Test(arguments: StudyBackend.allCases) func aParticipantsPlanIsCreatedOnceOnFirstUse(backend: StudyBackend) throws
    {
        let stores = try backend.make()
        let account = try stores.participant("ada@example.com")
        let first = try stores.participants.participant(account, now: start)
        let again = try stores.participants.participant(account, now: start.addingTimeInterval(3600))
        #expect(first.patientID == account.id && again.patientID == account.id)
        #expect(!first.isOnboarded && !again.isOnboarded)
        #expect(first.today == LocalDate("2027-01-15"))
        let history = try stores.participants.taskHistory(patientID: account.id)
        #expect(history.map(\.id) == [ParticipantPlan.taskID(StudyTaskID.onboarding, patientID: account.id)])
    }

    @Test(arguments: StudyBackend.allCases) func aDraftIsSavedShownInTheFeedAndDiscarded(backend: StudyBackend) throws {
        let stores = try backend.make()
        let participant = try stores.onboardedPlan(try stores.participant("ada@example.com"))
        let (run, _) = try checkinRun(id: "run-1", answered: false, at: start)
        try stores.participants.saveDraft(run, checkin, for: participant)
        let state = try stores.participants.surveyState(checkin, for: participant)
        #expect(state.event?.task.id == participant.taskID(StudyTaskID.checkin))
        #expect(state.draft?.occurrence == 0)
        let feed = try stores.participants.feed(for: participant, day: participant.today, weekStart: participant.today)
        #expect(feed.drafts == ["\(participant.taskID(StudyTaskID.checkin))/0"])
        #expect(feed.day.contains { $0.task.id == participant.taskID(StudyTaskID.checkin) })
        #expect(feed.week.count >= feed.day.count)
        try stores.participants.discardDraft(checkin, for: participant)
        #expect(try stores.participants.surveyState(checkin, for: participant).draft == nil)
    }

    @Test(arguments: StudyBackend.allCases) func aCompletionIsStoredOnceByItsRunID(backend: StudyBackend) throws {
        let stores = try backend.make()
        let account = try stores.participant("ada@example.com")
        let participant = try stores.onboardedPlan(account)
        let (run, survey) = try checkinRun(id: "run-1", pain: 6, at: start)
        for _ in 0..<2 { try stores.participants.completeSurvey(run, survey: survey, checkin, for: participant) }
        let outcomes = try stores.participants.outcomes(patientID: account.id)
        #expect(outcomes.count == 1)
        #expect(outcomes.first?.id == "run-1")
        #expect(outcomes.first?.values.first { $0.kind == RecoverSurveys.Checkin.pain }?.content == .integer(6))
        #expect(try stores.participants.surveyResults(patientID: account.id).map(\.id) == ["run-1"])
        #expect(try stores.participants.surveyState(checkin, for: participant).event?.outcome?.id == "run-1")

        let (other, _) = try checkinRun(id: "run-2", at: start)
        #expect(throws: StudyRecordError(.alreadyDone)) {
            try stores.participants.completeSurvey(other, survey: survey, checkin, for: participant)
        }
        #expect(try stores.participants.outcomes(patientID: account.id).map(\.id) == ["run-1"])
    }

    @Test(arguments: StudyBackend.allCases) func anUnfinishedOrMisplacedRunIsRefusedAndKeepsNothing(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let account = try stores.participant("ada@example.com")
        let participant = try stores.onboardedPlan(account)
        let (unfinished, survey) = try checkinRun(id: "run-1", answered: false, at: start)
        #expect(throws: StudyRecordError(.incomplete)) {
            try stores.participants.completeSurvey(unfinished, survey: survey, checkin, for: participant)
        }
        let nowhere = StudyEventKey(studyTaskID: "no-such-task", occurrence: 0)
        #expect(throws: StudyRecordError(.noSuchEvent)) {
            try stores.participants.updateSurvey(nowhere, account: account, now: start) { _ in
                (.saveDraft(unfinished), ())
            }
        }
        // What `decide` throws rolls back the whole post, including a draft it would have saved.
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try stores.participants.updateSurvey(checkin, account: account, now: start) { _ -> (SurveyUpdate, Void) in
                throw Refused()
            }
        }
        #expect(try stores.participants.outcomes(patientID: account.id).isEmpty)
        #expect(try stores.participants.surveyResults(patientID: account.id).isEmpty)
        #expect(try stores.participants.surveyState(checkin, for: participant).draft == nil)
    }

    @Test(arguments: StudyBackend.allCases) func aDeletedAnswerFreesTheEvent(backend: StudyBackend) throws {
        let stores = try backend.make()
        let account = try stores.participant("ada@example.com")
        let participant = try stores.onboardedPlan(account)
        let (run, survey) = try checkinRun(id: "run-1", at: start)
        try stores.participants.completeSurvey(run, survey: survey, checkin, for: participant)
        try stores.participants.deleteAnswer(outcomeID: "run-1", for: participant)
        #expect(try stores.participants.outcomes(patientID: account.id).isEmpty)
        #expect(try stores.participants.surveyState(checkin, for: participant).event?.outcome == nil)
        let (again, _) = try checkinRun(id: "run-2", at: start)
        try stores.participants.completeSurvey(again, survey: survey, checkin, for: participant)
        #expect(try stores.participants.outcomes(patientID: account.id).map(\.id) == ["run-2"])
    }

    @Test(arguments: StudyBackend.allCases) func withdrawalEndsTheScheduleAndKeepsTheRecords(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let account = try stores.participant("ada@example.com")
        let participant = try stores.onboardedPlan(account)
        let (run, survey) = try checkinRun(id: "run-1", at: start)
        try stores.participants.completeSurvey(run, survey: survey, checkin, for: participant)
        let before = try stores.participants.taskHistory(patientID: account.id).count
        let tomorrow = participant.today.addingDays(1)
        try stores.participants.withdraw(patientID: account.id, on: tomorrow, at: start)
        let after = try stores.participants.taskHistory(patientID: account.id).count
        #expect(after > before)
        try stores.participants.withdraw(patientID: account.id, on: tomorrow, at: start)
        #expect(try stores.participants.taskHistory(patientID: account.id).count == after)
        #expect(try stores.participants.outcomes(patientID: account.id).map(\.id) == ["run-1"])
        let later = try stores.participants.participant(account, now: start.addingTimeInterval(2 * 86_400))
        #expect(try stores.participants.feed(for: later, day: later.today, weekStart: later.today).day.isEmpty)
        #expect(try stores.directory.account(id: account.id)?.withdrawnAt == start)
    }

    @Test(arguments: StudyBackend.allCases) func aTimeZoneChangeReachesAccountAndPlan(backend: StudyBackend) throws {
        let stores = try backend.make()
        let account = try stores.participant("ada@example.com", zone: "Europe/Zurich")
        _ = try stores.participants.participant(account, now: start)
        try stores.participants.changeTimeZone(accountID: account.id, to: "Asia/Shanghai")
        let moved = try #require(try stores.directory.account(id: account.id))
        #expect(moved.timeZone == "Asia/Shanghai")
        let state = try stores.participants.participant(moved, now: start)
        #expect(state.zone.identifier == "Asia/Shanghai")
    }

    @Test(arguments: StudyBackend.allCases) func oneParticipantsRecordsNeverReachAnother(backend: StudyBackend) throws {
        let stores = try backend.make()
        let ada = try stores.participant("ada@example.com")
        let bob = try stores.participant("bob@example.com")
        let adaState = try stores.onboardedPlan(ada)
        let bobState = try stores.onboardedPlan(bob)
        let (run, survey) = try checkinRun(id: "run-ada", at: start)
        try stores.participants.completeSurvey(run, survey: survey, checkin, for: adaState)
        #expect(try stores.participants.outcomes(patientID: bob.id).isEmpty)
        #expect(try stores.participants.surveyResults(patientID: bob.id).isEmpty)
        #expect(try stores.participants.surveyState(checkin, for: bobState).event?.outcome == nil)
        #expect(try stores.participants.taskHistory(patientID: bob.id).allSatisfy { $0.id.hasPrefix(bob.id) })
    }
}
