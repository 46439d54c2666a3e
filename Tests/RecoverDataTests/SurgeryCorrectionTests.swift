import Care
import Foundation
import Postgres
import PostgresTestSupport
import Recover
import RecoverData
import Research
import Testing

/// Correcting the operated knee and the surgery date (the account page's "Your surgery"): audited as the
/// participant, and the tasks counted from the surgery date re-anchored from today; bad input changes nothing.
@Suite struct SurgeryCorrectionTests {
    /// Friday 2027-01-15, 08:00 UTC; the participant onboarded on Wednesday the 13th.
    let now = StudyStores.start
    let onboardedAt = StudyStores.start.addingTimeInterval(-2 * 86_400)
    let friday = LocalDate("2027-01-15") ?? LocalDate(dayNumber: 0)
    let surgery = LocalDate("2026-12-10") ?? LocalDate(dayNumber: 0)
    let ids = RecoverSurveys.Onboarding.self

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

    /// A participant in Zurich who onboarded on Wednesday with `values` (their goals answers), then a study
    /// version with a questionnaire six weeks after the surgery date, open for two weeks, from Friday.
    func onboarded(
        in records: StudyDatabase, email: String = "ada@example.com", values: [OutcomeValue]? = nil
    ) throws -> Account {
        let account = Account(
            email: email, passwordHash: "$argon2id$x", role: .participant, timeZone: "Europe/Zurich",
            createdAt: onboardedAt)
        try StoredAccountDirectory(database: records.database, fallbackTimeZone: "UTC").addAccount(account)
        let joined = try records.participant(account, now: onboardedAt)
        let answers =
            values ?? [
                OutcomeValue(.text("right"), kind: ids.operatedKnee),
                OutcomeValue(.text(surgery.description), kind: ids.surgeryDate),
                OutcomeValue(.text("07:30"), kind: ids.checkinTime),
            ]
        try records.database.write { db in
            let task = try #require(
                try db.care.tasks(CareTaskQuery(ids: [joined.taskID(StudyTaskID.onboarding)])).first)
            _ = try db.care.addOutcome(
                Outcome(
                    id: "onboarding-\(email)", taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: 0,
                    values: answers, createdDate: onboardedAt))
            let anchors = StudyAnchors(
                joined: joined.today, onboarded: joined.today,
                answers: StudyAnchors.answers(from: answers, in: joined.zone))
            for task in StudyPlan(RecoverStudy.shipped).tasksAfterOnboarding(patientID: account.id, anchors: anchors) {
                _ = try db.care.addTask(task)
            }
        }
        return account
    }

    /// The shipped study plus "sixWeeks", anchored on the surgery date.
    func withSixWeekQuestionnaire() throws -> Data {
        var next = RecoverStudy.shipped
        next.version = 2
        next.tasks.append(
            StudyTask(
                id: "sixWeeks", survey: StudyTaskID.checkin, title: ["en": "Six weeks", "zh-Hans": "六周"],
                schedule: [
                    StudyScheduleElement(
                        anchor: .answer(ids.surgeryDate), from: .weeks(6), every: nil, windowDays: 14)
                ]))
        return try StudyFile.write(next)
    }

    func tasks(on day: LocalDate, _ account: Account, _ records: StudyDatabase) throws -> [String] {
        let participant = try records.participant(account, now: now)
        return try records.feed(for: participant, day: day, weekStart: day).day.compactMap(\.task.groupIdentifier)
            .sorted()
    }

    func history(_ studyTaskID: String, _ account: Account, _ records: StudyDatabase) throws -> [CareTask] {
        try records.database.read { db in
            try db.care.tasks(
                CareTaskQuery(
                    ids: [ParticipantPlan.taskID(studyTaskID, patientID: account.id)], versions: .all,
                    sort: .effectiveDate))
        }
    }

    func auditEntries(_ account: Account, _ records: StudyDatabase) throws -> [AuditEntry] {
        try records.database.read { db in try AuditTrail.entries(forParticipant: account.id, limit: 1000, in: db) }
    }

    @Test(arguments: StudyBackend.allCases)
    func aCorrectionIsAuditedAndMovesTheTasksCountedFromTheSurgeryDate(backend: StudyBackend) throws {
        let records = try records(backend)
        let account = try onboarded(in: records)
        try records.applyStudy(try withSixWeekQuestionnaire(), effective: friday, actor: "cli:test", now: now)
        // Six weeks after 10 December is 21 January.
        let due = surgery.addingDays(42)
        #expect(try tasks(on: due, account, records).contains("sixWeeks"))
        #expect(try records.participant(account, now: now).surgery == SurgeryDetails(knee: .right, date: surgery))
        let before = try auditEntries(account, records).count

        let corrected = surgery.addingDays(7)
        let correction = try records.correctSurgery(knee: .left, date: corrected, account: account, now: now)
        #expect(correction.before == SurgeryDetails(knee: .right, date: surgery))
        #expect(correction.after == SurgeryDetails(knee: .left, date: corrected))
        #expect(correction.reanchoredTasks == ["koos", "sixWeeks"], "the KOOS counts from the surgery date too")
        #expect(try records.participant(account, now: now).surgery == SurgeryDetails(knee: .left, date: corrected))

        // The questionnaire moved a week on; tasks that do not count from an answer got no new version.
        #expect(!(try tasks(on: due, account, records)).contains("sixWeeks"))
        #expect(try tasks(on: due.addingDays(7), account, records).contains("sixWeeks"))
        let versions = try history("sixWeeks", account, records)
        #expect(versions.count == 2 && versions.last?.effectiveDate.date == friday)
        #expect(try history(StudyTaskID.checkin, account, records).count == 1)
        #expect(try history(StudyTaskID.rangeOfMotionCheck, account, records).count == 1)

        // Audited as the participant: the old onboarding outcome's tombstone, the new one, the task version.
        let entries = try auditEntries(account, records).prefix(try auditEntries(account, records).count - before)
        let outcomeEntries = entries.filter { $0.entityType == "care_outcome" }
        #expect(outcomeEntries.count == 2)
        #expect(outcomeEntries.allSatisfy { $0.actor == "account:\(account.id)" })
        #expect(Set(outcomeEntries.map(\.action)) == [.create, .delete])
        // The onboarding day, which other schedules count from, stays where it was.
        let live = try records.outcomes(patientID: account.id).filter {
            $0.taskID == ParticipantPlan.taskID(StudyTaskID.onboarding, patientID: account.id)
        }
        #expect(live.count == 1 && live.first?.createdDate == onboardedAt)
        #expect(live.first?.values.contains(OutcomeValue(.text("07:30"), kind: ids.checkinTime)) == true)

        // The same values again change nothing.
        let count = try auditEntries(account, records).count
        let again = try records.correctSurgery(knee: .left, date: corrected, account: account, now: now)
        #expect(again.isUnchanged && again.reanchoredTasks.isEmpty)
        #expect(try auditEntries(account, records).count == count)
    }

    @Test(arguments: StudyBackend.allCases)
    func aDateInTheFutureOrTooFarBackChangesNothing(backend: StudyBackend) throws {
        let records = try records(backend)
        let account = try onboarded(in: records)
        let count = try auditEntries(account, records).count
        for date in [friday.addingDays(1), friday.addingMonths(-24).addingDays(-1)] {
            #expect(throws: SurgeryCorrectionError.self) {
                try records.correctSurgery(knee: .left, date: date, account: account, now: now)
            }
        }
        #expect(try auditEntries(account, records).count == count)
        #expect(try records.participant(account, now: now).surgery == SurgeryDetails(knee: .right, date: surgery))
        // Today and two years back are accepted.
        try records.correctSurgery(knee: .right, date: friday, account: account, now: now)
        try records.correctSurgery(knee: .right, date: friday.addingMonths(-24), account: account, now: now)
    }

    @Test(arguments: StudyBackend.allCases)
    func aParticipantWhoEnrolledBeforeTheQuestionGetsTheTaskOnceTheyGiveTheDate(backend: StudyBackend) throws {
        let records = try records(backend)
        let account = try onboarded(in: records, values: [OutcomeValue(.text("07:30"), kind: ids.checkinTime)])
        #expect(try records.participant(account, now: now).surgery.knee == .left)
        try records.applyStudy(try withSixWeekQuestionnaire(), effective: friday, actor: "cli:test", now: now)
        #expect(try history("sixWeeks", account, records).isEmpty)

        let date = friday.addingDays(-30)
        let correction = try records.correctSurgery(knee: .right, date: date, account: account, now: now)
        #expect(correction.before == SurgeryDetails(knee: nil, date: nil))
        #expect(correction.reanchoredTasks == ["koos", "sixWeeks"], "the KOOS counts from the surgery date too")
        #expect(try history("sixWeeks", account, records).first?.effectiveDate.date == friday)
        #expect(try tasks(on: date.addingDays(42), account, records).contains("sixWeeks"))
    }

    @Test func aParticipantWhoHasNotOnboardedHasNothingToCorrect() throws {
        let records = try records(.sqlite)
        let account = Account(
            email: "new@example.com", passwordHash: "$argon2id$x", role: .participant, timeZone: "UTC",
            createdAt: now)
        try StoredAccountDirectory(database: records.database, fallbackTimeZone: "UTC").addAccount(account)
        #expect(throws: SurgeryCorrectionError.notOnboarded) {
            try records.correctSurgery(knee: .left, date: friday, account: account, now: now)
        }
    }
}
