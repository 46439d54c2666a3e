import Care
import Foundation
import Recover
import RecoverData
import Testing

/// The same contract for every ``ConsoleStore``: what the research console relies on.
@Suite struct ConsoleStoreContractTests {
    let start = StudyStores.start
    let checkin = StudyEventKey(studyTaskID: StudyTaskID.checkin, occurrence: 0)

    func consent(for patientID: String, id: String = UUID().uuidString.lowercased()) -> ConsentRecord {
        ConsentRecord(
            id: id, patientID: patientID, documentHTML: Data("<h1>Consent</h1>".utf8), documentVersion: "1.0",
            language: "en", printedName: "Ada Lovelace", signatureStrokes: Data("[]".utf8),
            signaturePNG: Data([0x89, 0x50, 0x4E, 0x47]), signedAt: start, utcOffset: "+01:00",
            timeZoneIdentifier: "Europe/Zurich", signatureMeaning: "I consent to take part in the study")
    }

    /// Ada and Bob, in UTC, each with the plan that follows onboarding; Ada's state on the first day.
    func onboardedAdaAndBob(in stores: StudyStores) throws -> (ada: Account, bob: Account, first: ParticipantState) {
        let ada = try stores.participant("ada@example.com", zone: "UTC")
        let bob = try stores.participant("bob@example.com", zone: "UTC")
        let first = try stores.onboardedPlan(ada)
        _ = try stores.onboardedPlan(bob)
        return (ada, bob, first)
    }

    @Test(arguments: StudyBackend.allCases) func theDashboardCountsAndAlertsFromTheStudysDefinition(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let ada = try stores.participant("ada@example.com", zone: "UTC")
        let bob = try stores.participant("bob@example.com", zone: "UTC")
        let adaState = try stores.onboardedPlan(ada)
        _ = try stores.participants.participant(bob, now: start)
        let rule = try #require(RecoverStudy.shipped.monitoring.alerts.first)
        let (run, survey) = try checkinRun(id: "run-1", pain: Int(rule.threshold), at: start)
        try stores.participants.completeSurvey(run, survey: survey, checkin, for: adaState)
        try stores.participants.withdraw(patientID: bob.id, on: adaState.today, at: start)

        let figures = try stores.console.dashboard(today: adaState.today)
        #expect(figures.counts.joined == 2)
        #expect(figures.counts.withdrawn == 1)
        #expect(figures.counts.onboarded == 0)
        #expect(figures.alerts.map(\.participantID) == [ada.id])
        #expect(
            figures.alerts.first?.reason
                == .answer(rule: rule.id, value: rule.threshold, on: "2027-01-15T08:00:00", messages: rule.message))
        #expect(!figures.adherence.isEmpty)
    }

    @Test(arguments: StudyBackend.allCases) func theDashboardsAggregatesFollowAnswersTombstonesAndWithdrawal(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let rule = try #require(RecoverStudy.shipped.monitoring.alerts.first)
        let ada = try stores.participant("ada@example.com", zone: "UTC")
        let bob = try stores.participant("bob@example.com", zone: "UTC")
        let adaFirst = try stores.onboardedPlan(ada)
        _ = try stores.onboardedPlan(bob)
        #expect(try stores.console.consoleAggregateMismatches() == [])
        func checkIn(_ account: Account, dayOffset: Int, pain: Int) throws -> ParticipantState {
            let now = start + Double(dayOffset) * 86_400
            let state = try stores.participants.participant(account, now: now)
            let (run, survey) = try checkinRun(id: "run-\(account.email)-\(dayOffset)", pain: pain, at: now)
            let key = StudyEventKey(studyTaskID: StudyTaskID.checkin, occurrence: dayOffset)
            try stores.participants.completeSurvey(run, survey: survey, key, for: state)
            return state
        }
        _ = try checkIn(ada, dayOffset: 0, pain: Int(rule.threshold))
        let adaSecond = try checkIn(ada, dayOffset: 1, pain: 1)
        _ = try checkIn(bob, dayOffset: 1, pain: 10)
        let tomorrow = adaFirst.today.addingDays(2)
        var alerts = try stores.console.dashboard(today: tomorrow).alerts.filter(\.raisedByAnAnswer)
        // Ada's latest answer is below the threshold; Bob's raises it.
        #expect(alerts.map(\.participantID) == [bob.id])
        #expect(try stores.console.consoleAggregateMismatches() == [])

        // Deleting Ada's latest answer leaves her earlier one, which raises the rule.
        let latest = try #require(
            try stores.participants.outcomes(patientID: ada.id).filter { $0.taskID.hasSuffix(".checkin") }
                .max { $0.occurrenceIndex < $1.occurrenceIndex })
        try stores.participants.deleteAnswer(outcomeID: latest.id, for: adaSecond)
        alerts = try stores.console.dashboard(today: tomorrow).alerts.filter(\.raisedByAnAnswer)
        #expect(alerts.map(\.participantID) == [bob.id, ada.id])
        #expect(try stores.console.consoleAggregateMismatches() == [])
        let adherence = try stores.console.dashboard(today: tomorrow).adherence
        #expect(adherence.first { $0.day == adaFirst.today }?.completed == 1)
        #expect(adherence.first { $0.day == adaFirst.today.addingDays(1) }?.completed == 1)

        // A withdrawn participant raises nothing.
        try stores.participants.withdraw(patientID: bob.id, on: tomorrow, at: start + 2 * 86_400)
        alerts = try stores.console.dashboard(today: tomorrow).alerts.filter(\.raisedByAnAnswer)
        #expect(alerts.map(\.participantID) == [ada.id])
        #expect(try stores.console.consoleAggregateMismatches() == [])
    }

    @Test(arguments: StudyBackend.allCases) func adherenceStopsCountingAParticipantFromTheDayTheyWithdraw(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let (_, bob, first) = try onboardedAdaAndBob(in: stores)
        let today = first.today.addingDays(2)
        func due(on day: LocalDate) throws -> Int? {
            try stores.console.dashboard(today: today).adherence.first { $0.day == day }?.due
        }
        let (dueToday, dueBefore) = (try #require(try due(on: today)), try due(on: first.today))
        #expect(dueToday > 0)
        try stores.participants.withdraw(patientID: bob.id, on: today, at: start + 2 * 86_400)
        #expect(try due(on: today) == dueToday / 2, "Bob's tasks are no longer due from the day he withdrew")
        #expect(try due(on: first.today) == dueBefore)
        #expect(try stores.console.consoleAggregateMismatches() == [])
    }

    @Test(arguments: StudyBackend.allCases) func anAtMostRuleReadsTheLowestValueOfEachLatestAnswer(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let rule = StudyAlertRule(
            id: "low-sleep", task: StudyTaskID.checkin, kind: RecoverSurveys.Checkin.sleep, direction: .atMost,
            threshold: 4, message: ["en": "Slept {value} h"])
        let (ada, bob, _) = try onboardedAdaAndBob(in: stores)
        func checkIn(_ account: Account, dayOffset: Int, sleep: Int) throws {
            let now = start + Double(dayOffset) * 86_400
            let state = try stores.participants.participant(account, now: now)
            let (run, survey) = try checkinRun(id: "run-\(account.email)-\(dayOffset)", sleep: sleep, at: now)
            let key = StudyEventKey(studyTaskID: StudyTaskID.checkin, occurrence: dayOffset)
            try stores.participants.completeSurvey(run, survey: survey, key, for: state)
        }
        func raised() throws -> [ConsoleAlert] {
            try stores.seed.audit.database.read { db in try ConsoleQueries.alerts(raisedBy: rule, in: db) }
        }
        try checkIn(ada, dayOffset: 0, sleep: 3)
        try checkIn(bob, dayOffset: 0, sleep: 4)
        try checkIn(bob, dayOffset: 1, sleep: 2)
        // The lowest first; Bob's earlier night is not his latest answer.
        #expect(try raised().map(\.participantID) == [bob.id, ada.id])
        #expect(
            try raised().first?.reason
                == .answer(rule: rule.id, value: 2, on: "2027-01-16T08:00:00", messages: rule.message))
        try checkIn(ada, dayOffset: 1, sleep: 8)
        #expect(try raised().map(\.participantID) == [bob.id])
        #expect(try stores.console.consoleAggregateMismatches() == [])
    }

    @Test(arguments: StudyBackend.allCases) func aStudyWithoutParticipantsHasAnEmptyDashboard(backend: StudyBackend)
        throws
    {
        let stores = try backend.make()
        _ = try stores.staff("admin@example.com", role: .admin)
        let today = try #require(LocalDate(year: 2027, month: 1, day: 15))
        let figures = try stores.console.dashboard(today: today)
        #expect(figures.counts == EnrollmentCounts(joined: 0, onboarded: 0, withdrawn: 0))
        #expect(figures.alerts == [])
        #expect(figures.adherence.count == ConsoleQueries.adherenceWindowDays)
        #expect(figures.adherence.allSatisfy { $0.due == 0 && $0.completed == 0 })
        #expect(try stores.console.participants(ParticipantListQuery(), today: today).total == 0)
    }

    @Test(arguments: StudyBackend.allCases) func theParticipantListPagesSearchesAndSkipsStaff(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let admin = try stores.staff("admin@example.com", role: .admin)
        for name in ["ada", "bob", "cleo"] { _ = try stores.participant("\(name)@example.com") }
        let all = try stores.console.participants(ParticipantListQuery(limit: 2), today: LocalDate("2027-01-15")!)
        #expect(all.total == 3)
        #expect(all.participants.count == 2)
        let found = try stores.console.participants(
            ParticipantListQuery(search: "cleo"), today: LocalDate("2027-01-15")!)
        #expect(found.participants.map(\.email) == ["cleo@example.com"])
        #expect(try stores.console.participantAccount(id: admin.id) == nil)
        #expect(
            try stores.console.participantView(id: admin.id, today: LocalDate("2027-01-15")!, auditLimit: 10) == nil)
    }

    @Test(arguments: StudyBackend.allCases) func aParticipantsViewHoldsTheirRecordsAndTheAuditedRead(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let researcher = try stores.staff("res@example.com", role: .researcher)
        let ada = try stores.participant("ada@example.com")
        let bob = try stores.participant("bob@example.com")
        let adaState = try stores.onboardedPlan(ada)
        let (run, survey) = try checkinRun(id: "run-1", at: start)
        try stores.participants.completeSurvey(run, survey: survey, checkin, for: adaState)
        let record = consent(for: ada.id)
        try stores.seed.addConsent(record)
        try stores.seed.addConsent(consent(for: bob.id))
        try stores.console.recordStaffRead(
            actor: "account:\(researcher.id)", of: AuditedRow(table: "account", key: ada.id), participantID: ada.id,
            at: start)

        let view = try #require(try stores.console.participantView(id: ada.id, today: adaState.today, auditLimit: 50))
        #expect(view.participant.email == "ada@example.com")
        #expect(view.outcomes.map(\.outcome.id) == ["run-1"])
        #expect(view.outcomes.first?.studyTask == StudyTaskID.checkin)
        #expect(view.results.map(\.id) == ["run-1"])
        #expect(view.consents.map(\.id) == [record.id])
        #expect(view.consentProblems[record.id] == [])
        #expect(view.audit.contains { $0.action == .read && $0.actor == "account:\(researcher.id)" })
        #expect(view.staff.map(\.id) == [researcher.id])
    }

    @Test(arguments: StudyBackend.allCases) func aConsentRecordIsOnlyItsOwnParticipants(backend: StudyBackend) throws {
        let stores = try backend.make()
        let ada = try stores.participant("ada@example.com")
        let bob = try stores.participant("bob@example.com")
        let record = consent(for: ada.id)
        try stores.seed.addConsent(record)
        #expect(try stores.console.consentRecord(id: record.id, participantID: ada.id)?.printedName == "Ada Lovelace")
        #expect(try stores.console.consentRecord(id: record.id, participantID: bob.id) == nil)
        let copy = try #require(try stores.console.consentCopy(participantID: ada.id))
        #expect(copy.account.id == ada.id)
        #expect(copy.records.map(\.id) == [record.id])
        #expect(copy.problems[record.id] == [])
        #expect(try stores.console.consentCopy(participantID: "nobody") == nil)
    }

    @Test(arguments: StudyBackend.allCases) func unsignedConsentRecordsAreCheckedByTheirHashes(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make(signed: false)
        let ada = try stores.participant("ada@example.com")
        let altered = consent(for: ada.id)
        let intact = consent(for: ada.id)
        try stores.seed.addConsent(intact)
        try stores.seed.addConsent(altered)
        try stores.seed.alterConsent(altered.id, "Mallory")
        let copy = try #require(try stores.console.consentCopy(participantID: ada.id))
        #expect(copy.problems[intact.id] == [])
        #expect(copy.problems[altered.id] == ["binding hash"])
    }

    @Test(arguments: StudyBackend.allCases) func staffAndInvitationsAreListedAndRevoked(backend: StudyBackend) throws {
        let stores = try backend.make()
        let admin = try stores.staff("admin@example.com", role: .admin)
        let researcher = try stores.staff("res@example.com", role: .researcher)
        _ = try stores.participant("ada@example.com")
        #expect(try stores.console.staffAccounts().map(\.id) == [admin.id, researcher.id])
        try stores.directory.addInvitation(code: "code-1", createdBy: admin.id, at: start)
        try stores.directory.addInvitation(code: "code-2", createdBy: admin.id, at: start.addingTimeInterval(60))
        let (one, two) = (Invitation.storedCode("code-1"), Invitation.storedCode("code-2"))
        #expect(try stores.console.invitations(limit: 10, offset: 0).map(\.code) == [two, one], "only hashes stored")
        #expect(try stores.console.invitations(limit: 1, offset: 1).map(\.code) == [one])
        try stores.console.revokeInvitation(stored: one, at: start)
        #expect(try !stores.directory.invitationIsOpen(code: "code-1"))
        #expect(try stores.directory.invitationStatus(code: "code-1", at: start) == .revoked)
        #expect(throws: (any Error).self) {
            try stores.console.revokeInvitation(stored: Invitation.storedCode("no-such-code"), at: start)
        }
    }
}

extension ConsoleAlert {
    /// Whether an answer raised it (not a missed task or a consent).
    var raisedByAnAnswer: Bool { if case .answer = reason { true } else { false } }
}
