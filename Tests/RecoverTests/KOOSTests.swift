import Care
import Foundation
import Research
import Testing

@testable import Recover

/// The KOOS as the shipped study file defines it: 42 items in five subscales with five answer boxes scored 0 to 4,
/// each subscale `100 - 25 × mean` of its answered items when at least half are answered (REFERENCE.md), kept as
/// outcome values `koos.symptoms`, `koos.pain`, `koos.adl`, `koos.sport`, `koos.qol`.
@Suite struct KOOSTests {
    private static let survey = RecoverStudy.shipped.survey(for: "koos", language: "en")!

    private static let subscales: [(id: String, prefix: String, count: Int)] = [
        ("koos.symptoms", "koos.s", 7), ("koos.pain", "koos.p", 9), ("koos.adl", "koos.a", 17),
        ("koos.sport", "koos.sp", 5), ("koos.qol", "koos.q", 4),
    ]

    /// A completed run with `answers` (item id → box 0-4); items not given are skipped.
    private static func result(_ answers: [String: Int]) -> SurveyResult {
        let end = Date(timeIntervalSince1970: 1_777_000_000)
        let steps = survey.steps.map { step in
            StepResult(
                stepID: step.id, endDate: end,
                answers: step.items.map { item in
                    QuestionResult(
                        itemID: item.id,
                        answer: answers[item.id].map { .choices([String($0)], other: nil) } ?? .skipped)
                })
        }
        return SurveyResult(
            surveyID: "koos", runID: "koos-run", startDate: end, endDate: end, finishReason: .completed,
            stepResults: steps)
    }

    private static func items(_ prefix: String, _ values: [Int?]) -> [String: Int] {
        var answers: [String: Int] = [:]
        for (index, value) in values.enumerated() { answers["\(prefix)\(index + 1)"] = value }
        return answers
    }

    @Test func fortyTwoItemsInFiveSubscalesWithFiveBoxes() throws {
        let items = Self.survey.steps.flatMap(\.items)
        #expect(items.count == 42)
        #expect(Self.survey.validate().isEmpty)
        #expect(Self.survey.scores.map(\.id) == Self.subscales.map(\.id))
        for (score, subscale) in zip(Self.survey.scores, Self.subscales) {
            #expect(score.items.count == subscale.count)
            #expect(score.items.allSatisfy { $0.item.hasPrefix(subscale.prefix) })
            // At least half of the subscale's items.
            #expect(score.minimumAnswered == (subscale.count + 1) / 2)
            #expect(score.method == .mean && score.transform == .init(multiply: -25, add: 100))
        }
        for item in items {
            guard case .textChoice(let format) = item.answerFormat else {
                Issue.record("\(item.id) is not a choice")
                continue
            }
            #expect(format.style == .single && format.choices.map(\.value) == ["0", "1", "2", "3", "4"])
            #expect(item.isOptional)
        }
        // S4 and S5 read "Always … Never": "Always" (no problems) scores 0.
        let s4 = try #require(items.first { $0.id == "koos.s4" })
        if case .textChoice(let format) = s4.answerFormat {
            #expect(format.choices.first?.text == "Always" && format.choices.last?.text == "Never")
        }
    }

    @Test func subscaleScoresEqualTheHandComputedValues() throws {
        var answers = Self.items("koos.s", [1, 2, 0, 0, 1, 2, 3])
        answers.merge(Self.items("koos.p", [2, 1, 1, 2, 0, 1, 3, 0, 1])) { $1 }
        answers.merge(Self.items("koos.a", Array(repeating: 1, count: 15) + [4, nil])) { $1 }
        answers.merge(Self.items("koos.sp", [4, 4, nil, nil, nil])) { $1 }
        answers.merge(Self.items("koos.q", [3, 2, 2, 1])) { $1 }
        let scores = Self.survey.scores(of: Self.result(answers))
        // By hand: symptoms 9/7 → 100 - 225/7; pain 11/9 → 100 - 275/9; daily living 16 of 17 answered, 19/16 →
        // 100 - 29.6875; sport only 2 of 5 answered (3 needed): none; quality of life 8/4 = 2 → 50.
        let expected: [Double?] = [67.857_142_857_142_86, 69.444_444_444_444_44, 70.3125, nil, 50]
        #expect(scores.map(\.answered) == [7, 9, 16, 2, 4])
        for (score, value) in zip(scores, expected) {
            if let value {
                #expect(abs(try #require(score.value) - value) < 1e-9, "\(score.scoreID)")
            } else {
                #expect(score.value == nil, "\(score.scoreID)")
            }
        }
    }

    @Test func noProblemsScoresHundredAndExtremeScoresZero() {
        var best: [String: Int] = [:]
        var worst: [String: Int] = [:]
        for item in Self.survey.steps.flatMap(\.items) {
            best[item.id] = 0
            worst[item.id] = 4
        }
        #expect(Self.survey.scores(of: Self.result(best)).map(\.value) == [100, 100, 100, 100, 100])
        #expect(Self.survey.scores(of: Self.result(worst)).map(\.value) == [0, 0, 0, 0, 0])
    }

    @Test func subscaleScoresAreKeptAsOutcomeValuesWithTheirKinds() throws {
        var answers = Self.items("koos.q", [3, 2, 2, 1])
        answers.merge(Self.items("koos.p", [0, 0, 0, 0, 0, nil, nil, nil, nil])) { $1 }
        let values = try RecoverOutcomes.values(for: Self.result(answers), study: RecoverStudy.shipped)
        let scores = values.filter { $0.kind?.hasPrefix("koos.") == true && $0.kind?.contains(".q") == false }
        // Pain: 5 of 9 answered, enough; quality of life 50; the others too few answered.
        #expect(values.contains(OutcomeValue(.double(100), kind: "koos.pain")))
        #expect(values.contains(OutcomeValue(.double(50), kind: "koos.qol")))
        #expect(!values.contains { $0.kind == "koos.symptoms" || $0.kind == "koos.adl" || $0.kind == "koos.sport" })
        // Every answered item is kept too, its box under its item id.
        #expect(values.contains(OutcomeValue(.text("3"), kind: "koos.q1")))
        #expect(!scores.isEmpty)
    }

    @Test func chineseParticipantsGetTheEnglishItemsWithANote() throws {
        let chinese = try #require(RecoverStudy.shipped.survey(for: "koos", language: "zh-Hans"))
        #expect(chinese.steps.flatMap(\.items) == Self.survey.steps.flatMap(\.items))
        #expect(chinese.scores == Self.survey.scores)
        let intro = try #require(chinese.steps.first)
        #expect(intro.detail?.contains("英文") == true)
    }

    @Test func scheduledAtOnboardingAndSixWeeksThreeSixAndTwelveMonthsAfterSurgery() throws {
        let task = try #require(RecoverStudy.shipped.task("koos"))
        let anchors = StudyAnchors(
            joined: try #require(LocalDate("2027-01-10")), onboarded: LocalDate("2027-01-11"),
            answers: [RecoverSurveys.Onboarding.surgeryDate: "2027-01-04"])
        let schedule = try #require(StudyPlan(RecoverStudy.shipped).schedule(of: task, anchors: anchors))
        let zone = try #require(TimeZone(identifier: "Europe/Zurich"))
        let events = schedule.events(
            from: try #require(LocalDate("2027-01-01")), through: try #require(LocalDate("2028-12-31")),
            in: zone)
        #expect(
            events.map(\.localStart.date.description) == [
                "2027-01-11", "2027-02-15", "2027-04-04", "2027-07-04", "2028-01-04",
            ])
        // Each stays open two weeks.
        #expect(events.allSatisfy { $0.end.timeIntervalSince($0.start) >= 13 * 86_400 })
        // Without a surgery date (enrolled before the question was asked): the enrolment questionnaire only.
        let before = StudyAnchors(joined: anchors.joined, onboarded: anchors.onboarded)
        let only = try #require(StudyPlan(RecoverStudy.shipped).schedule(of: task, anchors: before))
        #expect(only.events(from: anchors.joined, through: try #require(LocalDate("2028-12-31")), in: zone).count == 1)
    }

    @Test func aRunWithEveryQuestionLeftOutIsStillDone() throws {
        let result = Self.result([:])
        #expect(Self.survey.scores(of: result).allSatisfy { $0.value == nil && $0.answered == 0 })
        let values = try RecoverOutcomes.values(for: result, study: RecoverStudy.shipped)
        #expect(values == [OutcomeValue(.date(result.endDate), kind: "koos.completed")])
    }
}
