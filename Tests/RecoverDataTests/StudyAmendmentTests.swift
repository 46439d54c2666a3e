import Care
import Foundation
import Postgres
import PostgresTestSupport
import Recover
import RecoverData
import Research
import Testing

/// Applying a new study version (`recover study apply`): participants already enrolled get the change from its
/// effective date through care-task versions; their past is untouched; a bad version changes nothing.
@Suite struct StudyAmendmentTests {
    /// Friday 2027-01-15, 08:00 UTC; the participant onboarded on Wednesday the 13th.
    let now = StudyStores.start
    let onboardedAt = StudyStores.start.addingTimeInterval(-2 * 86_400)
    let monday = LocalDate("2027-01-18") ?? LocalDate(dayNumber: 0)

    func records(_ backend: StudyBackend) throws -> StudyDatabase {
        switch backend {
        case .sqlite:
            return StudyDatabase(database: try StorageFixture().open(RecoverSchema.migrations, durability: .normal))
        case .postgres:
            return StudyDatabase(
                database: try RecoverSchema.open(
                    postgres: try TestDatabase.newSchemaURL(),
                    configuration: PostgresConfiguration(maximumConnections: 3)))
        }
    }

    /// A participant in Zurich who joined and completed onboarding on Wednesday, with the tasks onboarding gives.
    func onboarded(in records: StudyDatabase) throws -> ParticipantState {
        let account = Account(
            email: "ada@example.com", passwordHash: "$argon2id$x", role: .participant, timeZone: "Europe/Zurich",
            createdAt: onboardedAt)
        try StoredAccountDirectory(database: records.database, fallbackTimeZone: "UTC").addAccount(account)
        let joined = try records.participant(account, now: onboardedAt)
        try records.database.write { db in
            let task = try #require(
                try db.care.tasks(CareTaskQuery(ids: [joined.taskID(StudyTaskID.onboarding)])).first)
            _ = try db.care.addOutcome(
                Outcome(
                    id: "onboarding-run", taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: 0,
                    values: [OutcomeValue(.text("07:30"), kind: RecoverSurveys.Onboarding.checkinTime)],
                    createdDate: onboardedAt))
            let anchors = StudyAnchors(
                joined: joined.today, onboarded: joined.today,
                answers: [RecoverSurveys.Onboarding.checkinTime: "07:30"])
            for task in StudyPlan(RecoverStudy.shipped).tasksAfterOnboarding(patientID: account.id, anchors: anchors) {
                _ = try db.care.addTask(task)
            }
        }
        return try records.participant(account, now: now)
    }

    /// The shipped study plus a weekly "Function" survey from the day it reaches each participant.
    func withFunctionSurvey(version: Int = 2) throws -> StudyDefinition {
        var next = RecoverStudy.shipped
        next.version = version
        let question = FormItem(
            id: "function.walk", text: "How far could you walk this week?",
            answerFormat: .textChoice(
                TextChoiceFormat(
                    style: .single,
                    choices: [
                        Choice(text: "Indoors only", value: "indoors"), Choice(text: "Outside", value: "outside"),
                    ])
            ))
        let survey = Survey(
            id: "function", steps: [Step(id: "function.form", title: "Function", kind: .form([question]))])
        next.surveys.append(StudySurvey(id: "function", revision: 1, languages: ["en": survey]))
        next.tasks.append(
            StudyTask(
                id: "function", survey: "function", title: ["en": "Function", "zh-Hans": "功能"],
                schedule: [StudyScheduleElement(anchor: .added, every: .weeks(1))]))
        return next
    }

    func tasks(on day: LocalDate, _ participant: ParticipantState, _ records: StudyDatabase) throws -> [String] {
        try records.feed(for: participant, day: day, weekStart: day).day.compactMap(\.task.groupIdentifier).sorted()
    }

    @Test(arguments: StudyBackend.allCases) func anAddedWeeklySurveyStartsOnItsEffectiveDay(backend: StudyBackend)
        throws
    {
        let records = try records(backend)
        let participant = try onboarded(in: records)
        let amendment = try records.applyStudy(
            try StudyFile.write(try withFunctionSurvey()), effective: monday, actor: "cli:test", now: now)
        #expect(amendment.changes.contains(.taskAdded("function")))
        #expect(amendment.changes.contains(.surveyAdded("function")))
        #expect(try records.studyInForce().version == 2)
        #expect(try records.studyVersions().map(\.version) == [2, 1])

        #expect(!(try tasks(on: monday.addingDays(-1), participant, records)).contains("function"))
        #expect(try tasks(on: monday, participant, records).contains("function"))
        #expect(!(try tasks(on: monday.addingDays(1), participant, records)).contains("function"))
        #expect(try tasks(on: monday.addingDays(7), participant, records).contains("function"))
        // The participant's other tasks are as they were.
        #expect(try tasks(on: monday, participant, records).contains(StudyTaskID.checkin))
    }

    @Test(arguments: StudyBackend.allCases) func anEndedTaskStopsAtTheEffectiveDayAndKeepsItsPast(backend: StudyBackend)
        throws
    {
        let records = try records(backend)
        let participant = try onboarded(in: records)
        var next = RecoverStudy.shipped
        next.version = 2
        next.tasks.removeAll { $0.id == StudyTaskID.kneeBendVideo }
        let amendment = try records.applyStudy(
            try StudyFile.write(next), effective: monday, actor: "cli:test", now: now)
        #expect(amendment.changes == [.taskEnded(StudyTaskID.kneeBendVideo)])
        let wednesday = LocalDate("2027-01-13") ?? monday
        #expect(try tasks(on: wednesday, participant, records).contains(StudyTaskID.kneeBendVideo))
        #expect(!(try tasks(on: monday.addingDays(2), participant, records)).contains(StudyTaskID.kneeBendVideo))
    }

    @Test(arguments: StudyBackend.allCases) func aChangedScheduleAppliesFromTheEffectiveDay(backend: StudyBackend)
        throws
    {
        let records = try records(backend)
        let participant = try onboarded(in: records)
        var next = RecoverStudy.shipped
        next.version = 2
        let index = try #require(next.tasks.firstIndex { $0.id == StudyTaskID.hearingScreening })
        next.tasks[index].schedule = [StudyScheduleElement(anchor: .onboarded, every: .days(1))]
        let amendment = try records.applyStudy(
            try StudyFile.write(next), effective: monday, actor: "cli:test", now: now)
        #expect(amendment.changes == [.taskChanged(StudyTaskID.hearingScreening)])
        // Every four weeks before (not on Sunday), daily from Monday.
        #expect(!(try tasks(on: monday.addingDays(-1), participant, records)).contains(StudyTaskID.hearingScreening))
        #expect(try tasks(on: monday.addingDays(1), participant, records).contains(StudyTaskID.hearingScreening))
        #expect(try tasks(on: monday.addingDays(2), participant, records).contains(StudyTaskID.hearingScreening))
    }

    @Test(arguments: StudyBackend.allCases) func aBadVersionChangesNothing(backend: StudyBackend) throws {
        let records = try records(backend)
        let participant = try onboarded(in: records)
        let before = try records.taskHistory(patientID: participant.patientID)
        // The same version number as the one in force.
        let same = try StudyFile.write(try withFunctionSurvey(version: 1))
        #expect {
            try records.applyStudy(same, effective: monday, actor: "cli:test", now: now)
        } throws: { error in
            guard case .invalid(let problems) = error as? StudyApplyError else { return false }
            return problems.problems.contains { $0.location == "studyVersion" }
        }
        // A day before today anywhere.
        #expect(throws: StudyApplyError.self) {
            try records.applyStudy(
                try StudyFile.write(try withFunctionSurvey()), effective: LocalDate("2027-01-10") ?? monday,
                actor: "cli:test", now: now)
        }
        // A survey changed without a raised revision.
        var unrevised = RecoverStudy.shipped
        unrevised.version = 2
        unrevised.surveys[1].languages["en"]?.steps[0].title = "Changed"
        #expect {
            try records.applyStudy(try StudyFile.write(unrevised), effective: monday, actor: "cli:test", now: now)
        } throws: { error in
            guard case .invalid(let problems) = error as? StudyApplyError else { return false }
            return problems.problems.contains { $0.location == "surveys[1].revision" }
        }
        #expect(try records.studyVersions().isEmpty)
        #expect(try records.taskHistory(patientID: participant.patientID) == before)
    }

    @Test(arguments: StudyBackend.allCases) func aDraftKeepsTheSurveyVersionItWasStartedWith(backend: StudyBackend)
        throws
    {
        let records = try records(backend)
        let participant = try onboarded(in: records)
        let diary = StudyEventKey(studyTaskID: StudyTaskID.weeklyDiary, occurrence: 0)
        let survey = try #require(RecoverStudy.shipped.survey(for: StudyTaskID.weeklyDiary, language: "en"))
        try records.saveDraft(try SurveyRun(survey: survey, runID: "draft-1", startDate: now), diary, for: participant)

        var next = RecoverStudy.shipped
        next.version = 2
        let index = try #require(next.surveys.firstIndex { $0.id == StudyTaskID.weeklyDiary })
        next.surveys[index].revision = 2
        next.surveys[index].languages["en"]?.steps[0].title = "Your week, revised"
        try records.applyStudy(try StudyFile.write(next), effective: monday, actor: "cli:test", now: now)

        let drafted = try records.surveyState(diary, for: participant)
        #expect(drafted.study.version == 1)
        #expect(
            drafted.study.survey(for: StudyTaskID.weeklyDiary, language: "en")?.steps[0].title != "Your week, revised")
        let fresh = try records.surveyState(
            StudyEventKey(studyTaskID: StudyTaskID.checkin, occurrence: 0), for: participant)
        #expect(fresh.study.version == 2)
    }

    @Test(arguments: StudyBackend.allCases) func aNewConsentVersionAndContactArePublishedWithTheVersion(
        backend: StudyBackend
    ) throws {
        let records = try records(backend)
        _ = try onboarded(in: records)
        var next = RecoverStudy.shipped
        next.version = 2
        let index = try #require(next.consents.firstIndex { $0.id == StudyConsent.participation })
        next.consents[index].version = "1.1"
        next.consents[index].languages["en"]?.html += "<p>Section 5: your videos.</p>\n"
        next.contact = StudyContactCard(
            name: "Recover study desk", role: ["en": "Study nurse", "zh-Hans": "研究护士"], phone: "+41 44 000 00 00",
            email: "", notes: [:])
        let amendment = try records.applyStudy(
            try StudyFile.write(next), effective: monday, actor: "cli:test", now: now)
        #expect(amendment.lines.contains("consent document: participation version 1.1"))
        #expect(amendment.lines.contains("contact card changed"))
        let current = try records.database.read { db in try ConsentLibrary.current(in: db) }
        #expect(current.map { "\($0.documentID) \($0.version)" } == ["participation 1.1", "video-sharing 1.0"])
        #expect(current.first?.texts["en"]?.html.hasSuffix("<p>Section 5: your videos.</p>\n") == true)
        #expect(try records.studyContact()?.roleChinese == "研究护士")
        // The export holds what is in force, so exporting and applying again changes nothing it did not edit.
        let exported = try records.studyForExport()
        #expect(exported.consent(StudyConsent.participation)?.version == "1.1")
        #expect(exported.contact == next.contact)
    }

    @Test(arguments: StudyBackend.allCases) func aChangedConsentTextOrABadContactChangesNothing(backend: StudyBackend)
        throws
    {
        let records = try records(backend)
        _ = try onboarded(in: records)
        var next = RecoverStudy.shipped
        next.version = 2
        next.consents[1].languages["zh-Hans"]?.title = "视频用于教学"
        next.contact = StudyContactCard(name: "Desk", role: [:], phone: "call us", email: "", notes: [:])
        #expect {
            try records.applyStudy(try StudyFile.write(next), effective: monday, actor: "cli:test", now: now)
        } throws: { error in
            guard case .invalid(let problems) = error as? StudyApplyError else { return false }
            return problems.problems.map(\.location) == ["consents[1].version"]
        }
        next.consents = RecoverStudy.shipped.consents
        #expect {
            try records.applyStudy(try StudyFile.write(next), effective: monday, actor: "cli:test", now: now)
        } throws: { error in
            guard case .invalid(let problems) = error as? StudyApplyError else { return false }
            return problems.problems.map(\.location) == ["contact.phone"]
        }
        #expect(try records.studyVersions().isEmpty)
        #expect(try records.studyContact() == nil)
        #expect(try records.database.read { db in try ConsentLibrary.publishedVersions(in: db) }.isEmpty)
    }

    @Test(arguments: StudyBackend.allCases) func theConsoleAlertsByTheRulesOfTheVersionInForce(backend: StudyBackend)
        throws
    {
        let records = try records(backend)
        let participant = try onboarded(in: records)
        try records.database.write { db in
            let task = try #require(
                try db.care.tasks(CareTaskQuery(ids: [participant.taskID(StudyTaskID.checkin)])).first)
            _ = try db.care.addOutcome(
                Outcome(
                    id: "checkin-run", taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: 0,
                    values: [OutcomeValue(.integer(6), kind: RecoverSurveys.Checkin.pain)], createdDate: onboardedAt))
        }
        let today = participant.today
        func answers() throws -> [ConsoleAlert.Reason] {
            try records.dashboard(today: today).alerts.map(\.reason).filter {
                if case .answer = $0 { true } else { false }
            }
        }
        #expect(try answers().isEmpty)
        var next = RecoverStudy.shipped
        next.version = 2
        next.monitoring.alerts[0].threshold = 5
        next.monitoring.alerts[0].message["en"] = "Pain {value} on {date}"
        try records.applyStudy(try StudyFile.write(next), effective: monday, actor: "cli:test", now: now)
        let raised = try answers()
        #expect(raised.count == 1)
        guard case .answer(let rule, let value, _, let messages) = raised.first else { return }
        #expect(rule == "high-pain" && value == 6 && messages["en"] == "Pain {value} on {date}")
    }
}
