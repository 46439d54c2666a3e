import Foundation
import Testing

@testable import Research

/// Conditional questions in the engine: a page's rules read the page's own answers, a hidden question is
/// neither required nor recorded, and a question the page's answers reveal without having been shown is
/// reported as `revealed` where the page says what it showed.
@Suite struct ItemVisibilityTests {
    static let fell = FormItem(id: "fell", text: "A fall?", answerFormat: .boolean(BooleanFormat()))
    static let what = FormItem(
        id: "what", text: "What happened?", answerFormat: .text(TextFormat()), isOptional: true,
        visibleWhen: .equals(step: "falls", item: "fell", answer: .boolean(true)))
    static let hurt = FormItem(
        id: "hurt", text: "Where did it hurt?", answerFormat: .text(TextFormat()),
        visibleWhen: .all([
            .equals(step: "falls", item: "fell", answer: .boolean(true)),
            .atLeast(step: "pain", item: "level", value: 5),
        ]))
    static let survey = Survey(
        id: "falls",
        steps: [
            Step(
                id: "pain",
                kind: .question(
                    FormItem(id: "level", text: "Pain", answerFormat: .scale(ScaleFormat(minimum: 1, maximum: 10))))),
            Step(id: "falls", kind: .form([fell, what, hurt])),
        ])

    func onFalls(pain: Int) throws -> SurveyRun {
        var run = try SurveyRun(survey: Self.survey, runID: "r", startDate: SurveyFixtures.start)
        _ = run.submit(StepSubmission(answers: ["level": .integer(pain)]), for: "pain", in: Self.survey, at: .now)
        #expect(run.currentStepID == "falls")
        return run
    }

    func errors(_ result: Result<SurveyRun.Position, PageErrors>) -> [ItemError] {
        if case .failure(let errors) = result { return errors.errors }
        return []
    }

    @Test func aHiddenQuestionIsNeitherRequiredNorRecorded() throws {
        var run = try onFalls(pain: 8)
        let page = StepSubmission(answers: ["fell": .boolean(false), "what": .text("tripped"), "hurt": .text("knee")])
        #expect(try run.submit(page, for: "falls", in: Self.survey, at: .now).get() == .end)
        let result = try run.finish(.completed, at: .now)
        #expect(result.stepResult("falls")?.answers.map(\.itemID) == ["fell"])
    }

    @Test func aShownQuestionIsRequiredAsUsual() throws {
        var run = try onFalls(pain: 8)
        let found = errors(
            run.submit(StepSubmission(answers: ["fell": .boolean(true)]), for: "falls", in: Self.survey, at: .now))
        #expect(found.map(\.code) == [.required])
        #expect(found.map(\.itemID) == ["hurt"])
    }

    @Test func anEarlierPageDecidesItsPartOfTheRule() throws {
        var run = try onFalls(pain: 2)
        let page = StepSubmission(answers: ["fell": .boolean(true)])
        #expect(try run.submit(page, for: "falls", in: Self.survey, at: .now).get() == .end, "pain 2 hides 'hurt'")
    }

    @Test func questionsRevealedButNotShownAreReportedAsRevealedNotRequired() throws {
        var run = try onFalls(pain: 8)
        var page = StepSubmission(answers: ["fell": .boolean(true)], shownItems: [])
        let found = errors(run.submit(page, for: "falls", in: Self.survey, at: .now))
        #expect(found.map(\.code) == [.revealed, .revealed])
        #expect(found.map(\.itemID) == ["what", "hurt"])
        #expect(run.currentStepID == "falls", "nothing changes")
        // Shown now: the optional one may stay empty, the required one needs its answer.
        page.shownItems = ["what", "hurt"]
        #expect(errors(run.submit(page, for: "falls", in: Self.survey, at: .now)).map(\.code) == [.required])
        page.answers["hurt"] = .text("knee")
        #expect(try run.submit(page, for: "falls", in: Self.survey, at: .now).get() == .end)
        let answers = try run.finish(.completed, at: .now).stepResult("falls")?.answers ?? []
        #expect(answers.map(\.answer) == [.boolean(true), .skipped, .text("knee")])
    }

    @Test func aPageThatSaysNothingOfWhatItShowedIsCheckedAsBefore() throws {
        var run = try onFalls(pain: 8)
        let page = StepSubmission(answers: ["fell": .boolean(true), "hurt": .text("knee")])
        #expect(try run.submit(page, for: "falls", in: Self.survey, at: .now).get() == .end)
    }

    @Test func aRuleOverThePageReadsThePageNotAnEarlierVisit() throws {
        var run = try onFalls(pain: 8)
        let page = StepSubmission(answers: ["fell": .boolean(true), "hurt": .text("knee")])
        _ = run.submit(page, for: "falls", in: Self.survey, at: .now)
        try run.back()
        let step = try #require(Self.survey.step("falls"))
        #expect(
            run.visibleItems(of: step, pageAnswers: ["fell": .boolean(true)]).map(\.id) == ["fell", "what", "hurt"])
        #expect(run.visibleItems(of: step, pageAnswers: [:]).map(\.id) == ["fell"], "an emptied page hides them")
    }

    @Test func settlingReplacesEarlierPagesByTheirOutcome() throws {
        let run = try onFalls(pain: 8)
        let rule = try #require(Self.hurt.visibleWhen)
        let settled = rule.settled(keeping: "falls") { run.answer(step: $0, item: $1) }
        #expect(settled == .all([.equals(step: "falls", item: "fell", answer: .boolean(true)), .alwaysTrue]))
        let low = try onFalls(pain: 2)
        #expect(
            ResultPredicate.not(.atLeast(step: "pain", item: "level", value: 5)).settled(keeping: "falls") {
                low.answer(step: $0, item: $1)
            } == .not(.alwaysFalse))
        #expect(ResultPredicate.alwaysTrue.evaluate { _, _ in nil })
        #expect(!ResultPredicate.alwaysFalse.evaluate { _, _ in nil })
        #expect(!settled.references.contains { $0.step != "falls" })
    }

    @Test func aChainHidesWithItsFirstLinkWhateverWasPosted() throws {
        // B shown when A is yes, C when B is yes: with A no, a posted B yes shows nothing and C is not stored.
        let a = FormItem(id: "a", text: "A?", answerFormat: .boolean(BooleanFormat()))
        let b = FormItem(
            id: "b", text: "B?", answerFormat: .boolean(BooleanFormat()), isOptional: true,
            visibleWhen: .equals(step: "chain", item: "a", answer: .boolean(true)))
        let c = FormItem(
            id: "c", text: "C?", answerFormat: .text(TextFormat()), isOptional: true,
            visibleWhen: .equals(step: "chain", item: "b", answer: .boolean(true)))
        let survey = Survey(id: "chain", steps: [Step(id: "chain", kind: .form([a, b, c]))])
        var run = try SurveyRun(survey: survey, runID: "r", startDate: SurveyFixtures.start)
        let step = try #require(survey.step("chain"))
        let posted: [String: Answer] = ["a": .boolean(false), "b": .boolean(true), "c": .text("posted anyway")]
        #expect(run.visibleItems(of: step, pageAnswers: posted).map(\.id) == ["a"])
        #expect(!run.isVisible(c, on: step, pageAnswers: posted))
        #expect(try run.submit(StepSubmission(answers: posted), for: "chain", in: survey, at: .now).get() == .end)
        #expect(try run.finish(.completed, at: .now).stepResult("chain")?.answers.map(\.itemID) == ["a"])
    }
}
