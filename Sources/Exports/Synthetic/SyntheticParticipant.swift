import Care
import Cryptography
import Foundation
import Recover
import RecoverData
import Research

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

    /// Joins, onboards and answers through `writes`, as a participant would have on each day.
    func write(with writes: StudyBatch, summary: inout DemoData.Summary, generator: inout SeededGenerator) throws {
        let joined = instant(firstDay, LocalTime(hour: 6) ?? .midnight, minutes: generator.unit() * 30)
        let account = Account(
            id: id, email: DemoData.email(number), passwordHash: "!synthetic: no password signs in",
            role: .participant, language: "en", timeZone: zone.identifier, createdAt: joined)
        let done = joined.addingTimeInterval(600 + generator.unit() * 900)
        let participant = try writes.join(account, at: done)
        guard
            let onboarding = try writes.tasks(of: participant).first(where: {
                ParticipantPlan.studyTaskID(of: $0) == StudyTaskID.onboarding
            })
        else { return }
        let laterTasks = try writes.complete(
            onboardingResult(joined: joined, done: done, generator: &generator),
            of: RecoverSurveys.onboarding(language: .english), task: onboarding, occurrence: 0,
            studyTaskID: StudyTaskID.onboarding, for: participant)
        summary.participants += 1
        summary.consents += 1
        for task in laterTasks {
            // Check-ins and range-of-motion measurements only: the diary, video and hearing tasks are optional
            // and have surveys of their own (a range-of-motion result is no answer to them).
            guard let studyTask = ParticipantPlan.studyTaskID(of: task),
                [StudyTaskID.checkin, StudyTaskID.rangeOfMotionCheck].contains(studyTask)
            else { continue }
            let isCheckin = studyTask == StudyTaskID.checkin
            let survey = isCheckin ? RecoverSurveys.checkin() : RecoverSurveys.rangeOfMotionCheck()
            for event in task.schedule.events(from: firstDay, through: lastDay, in: zone)
            where generator.unit() < adherence {
                var result =
                    isCheckin
                    ? checkin(event.day, generator: &generator) : rangeOfMotion(event.day, generator: &generator)
                // Nothing completed after the start of `today` (UTC): the data never lies in the future.
                guard result.endDate < cutoff else { continue }
                result.runID = UUID().uuidString.lowercased()
                try writes.complete(
                    result, of: survey, task: task, occurrence: event.occurrence, studyTaskID: studyTask,
                    for: participant)
                if isCheckin { summary.checkins += 1 } else { summary.rangeOfMotion += 1 }
            }
        }
    }

    /// The onboarding survey's result: consent with a drawn-looking signature, goals and the check-in time.
    private func onboardingResult(joined: Date, done: Date, generator: inout SeededGenerator) -> SurveyResult {
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
        return SurveyResult(
            surveyID: StudyTaskID.onboarding, runID: runID, startDate: joined, endDate: done, finishReason: .completed,
            stepResults: [
                StepResult(stepID: goals.welcome, endDate: joined.addingTimeInterval(30)),
                StepResult(
                    stepID: goals.signature, endDate: done.addingTimeInterval(-300), activity: .consent(consent)),
                // The permissions step as the pages record it: every type the study reads is granted (so a Health
                // export can be imported for a demo participant); writing steps is declined.
                StepResult(
                    stepID: goals.permissions, endDate: done.addingTimeInterval(-120),
                    activity: .permissions([
                        "health": true, "health.read.stepCount": true, "health.read.distanceWalkingRunning": true,
                        "health.read.activeEnergyBurned": true, "health.read.heartRate": true,
                        "health.read.sleepAnalysis": true, "health.write.stepCount": false,
                        "notifications": true, "motionActivity": true,
                    ])),
                StepResult(
                    stepID: goals.goals, endDate: done.addingTimeInterval(-60),
                    answers: [
                        QuestionResult(itemID: goals.goalText, answer: .text("Walk without crutches")),
                        QuestionResult(
                            itemID: goals.targetKneeBend, answer: .integer(110 + Int(generator.next() % 20))),
                    ] + checkinAnswer),
                StepResult(stepID: goals.completion, endDate: done),
            ])
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
}
