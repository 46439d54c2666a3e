import Care
import Foundation
import Recover
import Research
import Testing

@Suite struct DiaryMappingTests {
    let ids = RecoverSurveys.Diary.self
    let kinds = DiaryOutcomeMapping.Kind.self
    let date = Date(timeIntervalSince1970: 1_800_000_000)

    func result(_ pages: [String: JSONValue]) throws -> SurveyResult {
        try SurveyRun.answerAll(RecoverSurveys.weeklyDiary(), pages: pages, runID: "run-1", at: date).get()
    }

    @Test func diarySurveyIsValidInBothLanguagesAndEndsWithAReview() throws {
        for language in StudyLanguage.allCases {
            let survey = RecoverSurveys.weeklyDiary(language: language)
            #expect(survey.validate().isEmpty)
            #expect(survey.steps.last?.kind == .review)
            #expect(RecoverSurveys.survey(StudyTaskID.weeklyDiary, language: language) == survey)
        }
        #expect(RecoverSurveys.ids.contains(StudyTaskID.weeklyDiary))
    }

    @Test func everyAnswerBecomesAnOutcomeValueWithItsKind() throws {
        let values = try RecoverOutcomes.values(
            for: result([
                ids.healthStep: .object([ids.health: .number(7)]),
                ids.painStep: .object([ids.pain: .number(4)]),
                ids.bodyParts: .object(["selected": .array([.string("calf"), .string("patella")])]),
                ids.textStep: .object([ids.text: .string("Walked to the shop")]),
            ]))
        #expect(values.first { $0.kind == kinds.health }?.content == .integer(3))
        #expect(values.first { $0.kind == kinds.pain }?.content == .integer(4))
        #expect(values.filter { $0.kind == kinds.bodyParts }.map(\.content) == [.text("patella"), .text("calf")])
        #expect(values.first { $0.kind == kinds.text }?.content == .text("Walked to the shop"))
        #expect(!values.contains { $0.kind == kinds.painDontKnow })
    }

    @Test func preferNotToAnswerIsAMarkerNotAPainValue() throws {
        let values = try DiaryOutcomeMapping().outcomeValues(
            from: result([
                ids.healthStep: .object([ids.health: .number(0)]),
                ids.painStep: .object([ids.pain: .string("dontKnow")]),
            ]))
        #expect(values.first { $0.kind == kinds.health }?.content == .integer(10))
        #expect(values.first { $0.kind == kinds.painDontKnow }?.content == .boolean(true))
        #expect(!values.contains { $0.kind == kinds.pain })
        #expect(!values.contains { $0.kind == kinds.bodyParts || $0.kind == kinds.text })
        let summary = AnswerSummary(values: values)
        #expect(summary.parts.map(\.kind) == [kinds.health, kinds.pain])
        #expect(summary.parts.map(\.value) == ["10", "—"])
    }

    @Test func unknownPartsAreRefusedByTheEngine() {
        let outcome = SurveyRun.answerAll(
            RecoverSurveys.weeklyDiary(),
            pages: [
                ids.healthStep: .object([ids.health: .number(2)]),
                ids.painStep: .object([ids.pain: .number(2)]),
                ids.bodyParts: .object(["selected": .array([.string("elbow")])]),
            ], runID: "run-2", at: date)
        guard case .failure(let errors) = outcome else {
            Issue.record("an unknown part was accepted")
            return
        }
        #expect(errors.errors.contains { $0.stepID == ids.bodyParts && $0.message.contains("elbow") })
    }

    @Test func partCountsAreMostOftenFirst() {
        let values = ["calf", "patella", "calf", "shin", "patella", "calf"].map {
            OutcomeValue(.text($0), kind: kinds.bodyParts)
        }
        let counts = DiaryOutcomeMapping.partCounts(values + [OutcomeValue(.text("x"), kind: kinds.text)])
        #expect(counts.map(\.part) == ["calf", "patella", "shin"])
        #expect(counts.map(\.count) == [3, 2, 1])
    }

    @Test func diaryIsWeeklyAllDayFromTheOnboardingDay() throws {
        let day = try #require(LocalDate("2026-03-02"))
        let zone = try #require(TimeZone(identifier: "Asia/Shanghai"))
        let tasks = ParticipantPlan.afterOnboarding(patientID: "p1", completedOn: day)
        let diary = try #require(tasks.first { ParticipantPlan.studyTaskID(of: $0) == StudyTaskID.weeklyDiary })
        #expect(diary.id == ParticipantPlan.taskID(StudyTaskID.weeklyDiary, patientID: "p1"))
        for offset in [0, 7, 14, 70] {
            let events = diary.schedule.events(on: day.addingDays(offset), in: zone)
            #expect(events.count == 1)
            #expect(events.first?.isAllDay == true)
        }
        for offset in [-7, -1, 1, 6, 8, 13] {
            #expect(diary.schedule.events(on: day.addingDays(offset), in: zone).isEmpty)
        }
    }
}
