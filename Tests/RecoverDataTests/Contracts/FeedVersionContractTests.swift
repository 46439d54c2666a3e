import Care
import Foundation
import Recover
import RecoverData
import Research
import Testing

/// The feed's version (``FeedVersion``) on every backend: each kind of write that changes what a participant's
/// feed shows changes their version in its own transaction; what every feed shares changes the shared
/// counter; another participant's writes leave it as it was.
@Suite struct FeedVersionContractTests {
    let start = StudyStores.start
    let checkin = StudyEventKey(studyTaskID: StudyTaskID.checkin, occurrence: 0)

    /// Runs `write` and expects it to change `participantID`'s version as `change` says, and nothing else of it.
    func expectChange(
        _ stores: StudyStores, _ participantID: String, _ what: Comment,
        changes change: (FeedVersion, FeedVersion) -> Bool,
        _ write: () throws -> Void
    ) throws {
        let before = try stores.participants.feedVersion(participantID: participantID)
        try write()
        let after = try stores.participants.feedVersion(participantID: participantID)
        #expect(change(before, after), what)
    }

    func participantChanged(_ before: FeedVersion, _ after: FeedVersion) -> Bool {
        after.participant > before.participant && after.shared == before.shared && after.study == before.study
    }

    @Test(arguments: StudyBackend.allCases) func everyWriteTheFeedShowsChangesTheParticipantsVersion(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let account = try stores.participant("ada@example.com")
        let staff = try stores.staff("r@example.com", role: .researcher)
        var participant: ParticipantState?
        try expectChange(stores, account.id, "the plan made on first use", changes: participantChanged) {
            participant = try stores.participants.participant(account, now: start)
        }
        let state = try #require(participant)
        try expectChange(stores, account.id, "the tasks onboarding adds", changes: participantChanged) {
            try stores.seed.addTasks(ParticipantPlan.afterOnboarding(patientID: account.id, completedOn: state.today))
        }
        let (draft, _) = try checkinRun(id: "run-1", answered: false, at: start)
        try expectChange(stores, account.id, "a draft started", changes: participantChanged) {
            try stores.participants.saveDraft(draft, checkin, for: state)
        }
        try expectChange(stores, account.id, "a draft removed", changes: participantChanged) {
            try stores.participants.discardDraft(checkin, for: state)
        }
        let (run, survey) = try checkinRun(id: "run-2", pain: 6, at: start)
        try expectChange(stores, account.id, "a survey submitted", changes: participantChanged) {
            try stores.participants.completeSurvey(run, survey: survey, checkin, for: state)
        }
        let outcome = try #require(try stores.participants.outcomes(patientID: account.id).first)
        try expectChange(stores, account.id, "a staff correction", changes: participantChanged) {
            _ = try stores.console.correctOutcome(
                outcomeID: outcome.id, kind: RecoverSurveys.Checkin.pain, newValue: 5, reason: "phoned back",
                participantID: account.id, staffID: staff.id, at: start + 60)
        }
        try expectChange(stores, account.id, "an answer deleted", changes: participantChanged) {
            try stores.participants.deleteAnswer(outcomeID: outcome.id, for: state)
        }
        try expectChange(stores, account.id, "a consent signed", changes: participantChanged) {
            try stores.seed.addConsent(ConsoleStoreContractTests().consent(for: account.id))
        }
        try expectChange(stores, account.id, "the time zone changed", changes: participantChanged) {
            try stores.participants.changeTimeZone(accountID: account.id, to: "Asia/Shanghai")
        }
        try expectChange(stores, account.id, "a health export uploaded", changes: participantChanged) {
            try stores.participants.queueHealthUpload(id: "up-1", participantID: account.id, byteCount: 99, at: start)
        }
        try expectChange(stores, account.id, "withdrawal", changes: participantChanged) {
            try stores.participants.withdraw(patientID: account.id, on: state.today, at: start + 120)
        }
    }

    @Test(arguments: StudyBackend.allCases) func sharedWritesChangeEveryFeedAndOthersWritesNone(backend: StudyBackend)
        throws
    {
        let stores = try backend.make()
        let ada = try stores.onboardedPlan(try stores.participant("ada@example.com"))
        let grace = try stores.onboardedPlan(try stores.participant("grace@example.com"))
        try expectChange(stores, ada.patientID, "another participant's answer", changes: ==) {
            let (run, survey) = try checkinRun(id: "run-grace", at: start)
            try stores.participants.completeSurvey(run, survey: survey, checkin, for: grace)
        }
        let contact = try StudyContact.validated(
            name: "Dr. Mei Lin", roleEnglish: "Study nurse", roleChinese: "研究护士", phone: "+86 10 1234 5678",
            email: "", notesEnglish: "", notesChinese: "", at: start)
        for participant in [ada, grace] {
            try expectChange(
                stores, participant.patientID, "the contact card",
                changes: { $1.shared > $0.shared && $1.participant == $0.participant }
            ) { try stores.console.setStudyContact(contact, by: "account:admin") }
        }
        let records = try #require(stores.participants as? StudyDatabase)
        let next = try StudyAmendmentTests().withFunctionSurvey(version: (try records.studyInForce().version) + 1)
        try expectChange(
            stores, ada.patientID, "a study version applied", changes: { $1.study > $0.study && $1.shared > $0.shared }
        ) {
            _ = try records.applyStudy(
                try StudyFile.write(next), effective: ada.today.addingDays(3), actor: "cli:test", now: start)
        }
    }
}
