import Foundation
import Testing

@testable import Research

/// Calculated scores: sum and mean over the answered items, the minimum answered, the linear transform, the numbers
/// choices stand for, the definition's problems and the JSON form.
@Suite struct SurveyScoreTests {
    private static let boxes = AnswerFormat.textChoice(
        TextChoiceFormat(style: .single, choices: (0...4).map { Choice(text: "Box \($0)", value: String($0)) }))

    private static func survey(_ scores: [SurveyScore]) -> Survey {
        let items = (1...4).map {
            FormItem(id: "q\($0)", text: "Question \($0)", answerFormat: boxes, isOptional: true)
        }
        let scale = FormItem(
            id: "effort", text: "Effort", answerFormat: .scale(ScaleFormat(minimum: 0, maximum: 10)), isOptional: true)
        let note = FormItem(id: "note", text: "Note", answerFormat: .text(TextFormat()), isOptional: true)
        return Survey(
            id: "scored",
            steps: [
                Step(id: "page1", kind: .form(Array(items[0..<2]) + [scale])),
                Step(id: "page2", kind: .form(Array(items[2..<4]) + [note])),
            ],
            scores: scores)
    }

    private static func references(_ items: [(String, String)]) -> [SurveyScore.ItemReference] {
        items.map { SurveyScore.ItemReference(step: $0.0, item: $0.1) }
    }

    private static let four = references([("page1", "q1"), ("page1", "q2"), ("page2", "q3"), ("page2", "q4")])

    private static func result(_ answers: [String: Answer]) -> SurveyResult {
        let end = Date(timeIntervalSince1970: 1_777_000_000)
        func step(_ id: String, _ items: [String]) -> StepResult {
            StepResult(
                stepID: id, endDate: end,
                answers: items.compactMap { item in answers[item].map { QuestionResult(itemID: item, answer: $0) } })
        }
        return SurveyResult(
            surveyID: "scored", runID: "run", startDate: end, endDate: end, finishReason: .completed,
            stepResults: [step("page1", ["q1", "q2", "effort"]), step("page2", ["q3", "q4", "note"])])
    }

    private static func choice(_ value: Int) -> Answer { .choices([String(value)], other: nil) }

    @Test func meanOfAnsweredItemsThroughTheTransform() {
        let score = SurveyScore(
            id: "sub", method: .mean, items: Self.four, minimumAnswered: 2, transform: .init(multiply: -25, add: 100))
        let answers = ["q1": Self.choice(1), "q2": Self.choice(2), "q3": .skipped, "q4": Self.choice(4)]
        let computed = Self.survey([score]).scores(of: Self.result(answers))
        // mean of 1, 2, 4 = 7/3; 100 - 25 × 7/3 = 41.666…
        #expect(computed == [ScoreResult(scoreID: "sub", value: 100 - 25 * 7.0 / 3.0, answered: 3, of: 4)])
    }

    @Test func sumAcrossStepsCountsScalesAndChoices() {
        let score = SurveyScore(
            id: "total", method: .sum,
            items: Self.four + Self.references([("page1", "effort")]))
        let answers: [String: Answer] = [
            "q1": Self.choice(0), "q2": Self.choice(3), "q3": Self.choice(4), "q4": Self.choice(1),
            "effort": .integer(7),
        ]
        #expect(Self.survey([score]).scores(of: Self.result(answers)).first?.value == 15)
    }

    @Test func tooFewAnsweredGivesNoValue() {
        let score = SurveyScore(id: "sub", method: .mean, items: Self.four, minimumAnswered: 3)
        let answers: [String: Answer] = ["q1": Self.choice(2), "q2": .dontKnow, "q4": Self.choice(2)]
        let computed = Self.survey([score]).scores(of: Self.result(answers))
        #expect(computed == [ScoreResult(scoreID: "sub", value: nil, answered: 2, of: 4)])
        // Without a minimum, every item is needed.
        let strict = SurveyScore(id: "all", method: .sum, items: Self.four)
        #expect(strict.minimumAnswered == 4)
        #expect(Self.survey([strict]).scores(of: Self.result(answers)).first?.value == nil)
        #expect(Self.survey([strict]).scores(of: Self.result([:])).first?.answered == 0)
    }

    @Test func definitionProblemsAreNamed() {
        let problems = Self.survey([
            SurveyScore(id: "a", method: .sum, items: Self.references([("page1", "q1"), ("page1", "q1")])),
            SurveyScore(id: "a", method: .sum, items: Self.references([("page9", "q1")])),
            SurveyScore(id: "b", method: .mean, items: Self.references([("page1", "nope")])),
            SurveyScore(id: "c", method: .mean, items: Self.references([("page2", "note")])),
            SurveyScore(id: "d", method: .mean, items: Self.four, minimumAnswered: 5),
            SurveyScore(id: "e", method: .mean, items: [], minimumAnswered: 0),
            SurveyScore(
                id: "f", method: .mean, items: Self.four, transform: .init(multiply: .infinity, add: 0)),
        ]).validate().map(\.description)
        #expect(
            problems == [
                "step 'page1', item 'q1': score 'a': counts this item twice",
                "score 'a': duplicate score identifier",
                "score 'a': counts item 'q1' of unknown step 'page9'",
                "step 'page1': score 'b': counts unknown item 'nope'",
                "step 'page2', item 'note': score 'c': counts an item whose answers are not numbers (a scale, "
                    + "a number, or choices whose values are numbers)",
                "score 'd': minimumAnswered must be 1 to 4, the number of its items",
                "score 'e': counts no items",
                "score 'e': minimumAnswered must be 1 to 0, the number of its items",
                "score 'f': the transform must be finite numbers",
            ])
    }

    @Test func choicesCountOnlyWhenEveryValueIsANumber() {
        let words = TextChoiceFormat(style: .single, choices: [Choice(text: "Yes", value: "yes")])
        #expect(!SurveyScore.counts(.textChoice(words)))
        let several = TextChoiceFormat(style: .multiple, choices: [Choice(text: "One", value: "1")])
        #expect(!SurveyScore.counts(.textChoice(several)))
        #expect(SurveyScore.counts(Self.boxes))
        #expect(SurveyScore.number(of: .choices(["2", "3"], other: nil)) == nil)
        #expect(SurveyScore.number(of: .decimal(.nan)) == nil)
        #expect(SurveyScore.number(of: .text("4")) == nil)
    }

    @Test func scoresRoundTripThroughJSON() throws {
        let survey = Self.survey([
            SurveyScore(
                id: "sub", method: .mean, items: Self.four, minimumAnswered: 2,
                transform: .init(multiply: -25, add: 100)),
            SurveyScore(id: "total", method: .sum, items: Self.four),
        ])
        let data = try SurveyJSON.encode(survey)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"minimumAnswered\":2") || text.contains("\"minimumAnswered\" : 2"))
        #expect(try SurveyJSON.decodeSurvey(data) == survey)
    }

    @Test func aSumPastTheLargestDoubleHasNoValue() {
        let big = FormItem(id: "big", text: "Big", answerFormat: .numeric(NumericFormat(style: .decimal)))
        let other = FormItem(id: "other", text: "Other", answerFormat: .numeric(NumericFormat(style: .decimal)))
        let survey = Survey(
            id: "huge", steps: [Step(id: "p", kind: .form([big, other]))],
            scores: [
                SurveyScore(id: "total", method: .sum, items: Self.references([("p", "big"), ("p", "other")]))
            ])
        let end = Date(timeIntervalSince1970: 1_777_000_000)
        let result = SurveyResult(
            surveyID: "huge", runID: "r", startDate: end, endDate: end, finishReason: .completed,
            stepResults: [
                StepResult(
                    stepID: "p", endDate: end,
                    answers: [
                        QuestionResult(itemID: "big", answer: .decimal(1.7e308)),
                        QuestionResult(itemID: "other", answer: .decimal(1.7e308)),
                    ])
            ])
        #expect(survey.validate().isEmpty)
        #expect(survey.scores(of: result) == [ScoreResult(scoreID: "total", value: nil, answered: 2, of: 2)])
    }
}
