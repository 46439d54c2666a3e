import Care
import CareSQLite
import Cryptography
import Foundation
import Recover
import RecoverData
import Research
import SQLite

/// One synthetic participant's recovery: a trajectory and the records it produces.
struct SyntheticParticipant {
    let number: Int
    let zone: TimeZone
    let firstDay: LocalDate
    let lastDay: LocalDate
    let checkinTime: LocalTime
    let basePain: Double
    let painDrop: Double
    let baseSleep: Double
    let sleepGain: Double
    let baseRange: Double
    let rangeGain: Double
    let adherence: Double
    let id: String
    /// The start of `today` in UTC: no completion at or after it.
    let cutoff: Date

    static let zones = ["Europe/Berlin", "America/New_York", "Asia/Shanghai", "Europe/London", "Australia/Sydney"]
    static let names = ["Alex Morgan", "Sam Lee", "Chris Wang", "Jordan Smith", "Taylor Chen", "Robin Müller"]

    init(number: Int, days: Int, today: LocalDate, generator: inout SeededGenerator) {
        self.number = number
        zone = TimeZone(identifier: Self.zones[Int(generator.next() % UInt64(Self.zones.count))]) ?? .gmt
        firstDay = today.addingDays(-max(1, days))
        lastDay = today.addingDays(-1)
        cutoff = today.startOfDay.instant(in: TimeZone(identifier: "UTC") ?? .gmt)
        checkinTime = LocalTime(hour: 7 + Int(generator.next() % 3)) ?? ParticipantPlan.defaultCheckinTime
        basePain = 6.5 + generator.unit() * 2.5
        painDrop = 3 + generator.unit() * 3
        baseSleep = 4 + generator.unit() * 2
        sleepGain = 1.5 + generator.unit() * 2
        baseRange = 45 + generator.unit() * 25
        rangeGain = 30 + generator.unit() * 35
        adherence = 0.7 + generator.unit() * 0.28
        id = generator.uuid()
    }

    /// The local instant of `time` on `day`, plus `minutes`.
    func instant(_ day: LocalDate, _ time: LocalTime, minutes: Double = 0) -> Date {
        LocalDateTime(date: day, time: time).instant(in: zone).addingTimeInterval(minutes * 60)
    }

    /// How far along the recovery is on `day`, 0 on the first day, 1 a month later.
    func progress(_ day: LocalDate) -> Double {
        min(1, Double(day.dayNumber - firstDay.dayNumber) / 30)
    }

    mutating func write(
        in db: DatabaseConnection, signingKey: SigningKey?, summary: inout DemoData.Summary,
        generator: inout SeededGenerator
    )
        throws
    {
        let joined = instant(firstDay, LocalTime(hour: 6) ?? .midnight, minutes: generator.unit() * 30)
        let account = try AccountStore.createAccount(
            Account(
                id: id, email: DemoData.email(number), passwordHash: "!synthetic: no password signs in",
                role: .participant, language: "en", timeZone: zone.identifier, createdAt: joined), in: db)
        _ = try SQLiteCareStore.addPatient(
            Patient(id: account.id, name: account.email, timeZoneIdentifier: zone.identifier), in: db)
        let (plan, tasks) = ParticipantPlan.initial(patientID: account.id, joinedOn: firstDay)
        _ = try SQLiteCareStore.addCarePlan(plan, in: db)
        for task in tasks { _ = try SQLiteCareStore.addTask(task, in: db) }
        guard let onboarding = tasks.first else { return }
        let laterTasks = try onboard(onboarding, joined: joined, signingKey: signingKey, in: db, generator: &generator)
        summary.participants += 1
        summary.consents += 1
        for task in laterTasks {
            let events = task.schedule.events(from: firstDay, through: lastDay, in: zone)
            let isCheckin = ParticipantPlan.studyTaskID(of: task) == StudyTaskID.checkin
            for event in events where generator.unit() < adherence {
                let result =
                    isCheckin
                    ? checkin(event.day, generator: &generator) : rangeOfMotion(event.day, generator: &generator)
                // Nothing completed after the start of `today` (UTC): the data never lies in the future.
                guard result.endDate < cutoff else { continue }
                try complete(task, event, result, in: db)
                if isCheckin { summary.checkins += 1 } else { summary.rangeOfMotion += 1 }
            }
        }
    }

    /// The onboarding survey with consent and goals, its outcome, the consent record and the later tasks.
    private func onboard(
        _ task: CareTask, joined: Date, signingKey: SigningKey?, in db: DatabaseConnection,
        generator: inout SeededGenerator
    ) throws -> [CareTask] {
        let done = joined.addingTimeInterval(600 + generator.unit() * 900)
        let document = ConsentDocuments.consent(language: .english)
        let strokes = SyntheticSignature.strokes(using: &generator)
        let name = Self.names[Int(generator.next() % UInt64(Self.names.count))]
        let offset = ZonedTimeFormat.offsetString(zone.secondsFromGMT(for: done))
        let signature = SignatureResult(
            strokes: strokes, png: SyntheticSignature.png(strokes), printedName: name, signedAt: done,
            utcOffset: offset)
        let consent = ConsentResult(
            documentVersion: document.version, language: document.language,
            documentSHA256: Crypto.sha256Hex(document.html), signatureMeaning: document.signatureMeaning,
            signature: signature)
        let goals = RecoverSurveys.Onboarding.self
        let runID = generator.uuid()
        let checkinAnswer =
            TimeOfDay(hour: checkinTime.hour, minute: checkinTime.minute).map {
                [QuestionResult(itemID: goals.checkinTime, answer: .timeOfDay($0))]
            } ?? []
        let result = SurveyResult(
            surveyID: StudyTaskID.onboarding, runID: runID, startDate: joined, endDate: done, finishReason: .completed,
            stepResults: [
                StepResult(stepID: goals.welcome, endDate: joined.addingTimeInterval(30)),
                StepResult(
                    stepID: goals.signature, endDate: done.addingTimeInterval(-300), activity: .consent(consent)),
                StepResult(
                    stepID: goals.goals, endDate: done.addingTimeInterval(-60),
                    answers: [
                        QuestionResult(itemID: goals.goalText, answer: .text("Walk without crutches")),
                        QuestionResult(
                            itemID: goals.targetKneeBend, answer: .integer(110 + Int(generator.next() % 20))),
                    ] + checkinAnswer),
                StepResult(stepID: goals.completion, endDate: done),
            ])
        let values = try RecoverOutcomes.values(for: result)
        let record = try ConsentRecord(
            id: runID, patientID: id, documentHTML: Data(document.html.utf8), documentVersion: document.version,
            language: document.language, printedName: name, signatureStrokes: SurveyJSON.encode(strokes),
            signaturePNG: signature.png ?? Data(), signedAt: done, utcOffset: offset,
            timeZoneIdentifier: zone.identifier, signatureMeaning: document.signatureMeaning)
        let later = ParticipantPlan.afterOnboarding(
            patientID: id, completedOn: firstDay, checkinTime: ParticipantPlan.checkinTime(fromOnboarding: values))
        try store(result, task: task, occurrence: 0, values: values, in: db) { db in
            try ConsentStore.add(record, signingKey: signingKey, in: db)
            for task in later { _ = try SQLiteCareStore.addTask(task, in: db) }
        }
        return later
    }

    private func checkin(_ day: LocalDate, generator: inout SeededGenerator) -> SurveyResult {
        let ids = RecoverSurveys.Checkin.self
        let f = progress(day)
        let pain = Int((basePain - painDrop * f + generator.normal(0.9)).rounded())
        let sleep = Int((baseSleep + sleepGain * f + generator.normal(0.8)).rounded())
        let end = instant(day, checkinTime, minutes: 5 + generator.unit() * 150)
        return SurveyResult(
            surveyID: StudyTaskID.checkin, runID: "", startDate: end.addingTimeInterval(-40), endDate: end,
            finishReason: .completed,
            stepResults: [
                StepResult(
                    stepID: ids.form, startDate: end.addingTimeInterval(-40), endDate: end,
                    answers: [
                        QuestionResult(itemID: ids.pain, answer: .integer(min(10, max(1, pain)))),
                        QuestionResult(itemID: ids.sleep, answer: .integer(min(12, max(0, sleep)))),
                    ])
            ])
    }

    private func rangeOfMotion(_ day: LocalDate, generator: inout SeededGenerator) -> SurveyResult {
        let range = max(10, min(150, baseRange + rangeGain * progress(day) + generator.normal(4)))
        let start = 90 + generator.normal(3)
        let measurement = RangeOfMotionResult(
            start: start, finish: start - range, minimum: start - range, maximum: start, range: range,
            orientation: .portrait, samples: [])
        let end = instant(day, LocalTime(hour: 12) ?? .midnight, minutes: generator.unit() * 480)
        let ids = RecoverSurveys.RangeOfMotionCheck.self
        return SurveyResult(
            surveyID: StudyTaskID.rangeOfMotionCheck, runID: "", startDate: end.addingTimeInterval(-90), endDate: end,
            finishReason: .completed,
            stepResults: [
                StepResult(stepID: ids.instruction, endDate: end.addingTimeInterval(-60)),
                StepResult(
                    stepID: ids.measurement, endDate: end.addingTimeInterval(-10), activity: .rangeOfMotion(measurement)
                ),
                StepResult(stepID: ids.completion, endDate: end),
            ])
    }

    private func complete(_ task: CareTask, _ event: ScheduleEvent, _ result: SurveyResult, in db: DatabaseConnection)
        throws
    {
        var result = result
        result.runID = UUID().uuidString.lowercased()
        try store(
            result, task: task, occurrence: event.occurrence, values: try RecoverOutcomes.values(for: result), in: db
        ) { _ in }
    }

    /// The result, its outcome and `extra` in the caller's transaction, as the participant pages store them.
    private func store(
        _ result: SurveyResult, task: CareTask, occurrence: Int, values: [OutcomeValue], in db: DatabaseConnection,
        extra: (DatabaseConnection) throws -> Void
    ) throws {
        let record = SurveyResultRecord(
            id: result.runID, patientID: id, taskID: task.id, occurrence: occurrence, surveyID: result.surveyID,
            completedAt: result.endDate, json: try SurveyJSON.encode(result))
        let outcome = Outcome(
            id: result.runID, taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: occurrence,
            values: values, createdDate: result.endDate)
        try SurveyDataStore.writeCompleted(
            record,
            with: { db in
                _ = try SQLiteCareStore.addOutcome(outcome, in: db)
                try extra(db)
            }, in: db)
    }
}
