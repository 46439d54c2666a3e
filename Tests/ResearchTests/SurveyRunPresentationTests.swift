import Foundation
import Testing

@testable import Research

/// What the web layer needs to draw a page again: drafts, progress, form values of answers.
@Suite struct SurveyRunPresentationTests {
    let survey = SurveyFixtures.branching

    @Test func backShowsTheDraftAnswersAndProgress() throws {
        var run = try SurveyRun(survey: survey, runID: "r", startDate: SurveyFixtures.start)
        #expect(run.progress(in: survey)! == (1, 6))
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        _ = run.submit(
            StepSubmission(answers: ["pain": .integer(6)]), for: "symptoms", in: survey, at: SurveyFixtures.date(2))
        #expect(run.canSkip(in: survey))
        try run.back()
        #expect(run.draftAnswers(for: "symptoms") == ["pain": .integer(6)])
        #expect(run.progress(in: survey)! == (2, 6))
        #expect(!run.canSkip(in: survey))
    }

    @Test func aRestoredRunIsCheckedAgainstItsSurvey() throws {
        let run = try SurveyRun(survey: survey, runID: "r", startDate: SurveyFixtures.start)
        try run.check(against: survey)
        let other = Survey(id: "branching", steps: [Step(id: "only", kind: .completion)])
        #expect(throws: RunError.self) { try run.check(against: other) }
        #expect(throws: RunError.self) { try run.check(against: Survey(id: "x", steps: survey.steps)) }
    }

    @Test func answersGiveBackTheFormValuesTheyWereParsedFrom() throws {
        let cases: [(AnswerFormat, [String])] = [
            (.scale(ScaleFormat(minimum: 1, maximum: 10)), ["7"]),
            (.numeric(NumericFormat(style: .decimal)), ["2.5"]),
            (.text(TextFormat()), ["hello"]),
            (.boolean(BooleanFormat()), ["false"]),
            (.date(DateFormat()), ["2026-05-04"]),
            (.dateTime(DateTimeFormat()), ["2026-05-04T08:30:00.000+00:00"]),
            (.timeOfDay(TimeOfDayFormat()), ["08:30"]),
            (.timeInterval(TimeIntervalFormat()), ["01:30"]),
            (.location, ["52.5,13.4"]),
            (.scale(ScaleFormat(minimum: 1, maximum: 10, dontKnow: DontKnowButton())), ["dontKnow"]),
        ]
        for (format, values) in cases {
            let answer = try #require(try format.parse(formValues: values, for: "item"))
            #expect(answer.formValues == values)
        }
        #expect(Answer.choices(["a", "other"], other: "kayak").otherText == "kayak")
        #expect(Answer.skipped.formValues.isEmpty)
    }
}

@Suite struct HeadlessRunTests {
    let survey = SurveyFixtures.branching

    @Test func answerAllRunsToTheEndSkippingOptionalStepsWithoutAnswers() throws {
        let pages: [String: JSONValue] = ["symptoms": .object(["pain": .number(2)])]
        let result = try SurveyRun.answerAll(survey, pages: pages, runID: "r", at: SurveyFixtures.start).get()
        #expect(result.finishReason == .completed)
        #expect(result.stepResults.map(\.stepID) == ["intro", "symptoms", "details", "review", "done"])
        #expect(result.answer(step: "details", item: "note") == .skipped)
    }

    @Test func answerAllStopsAtTheFirstBadPageAndNamesUnknownSteps() {
        let bad = SurveyRun.answerAll(
            survey, pages: ["symptoms": .object(["pain": .number(0)])], runID: "r", at: SurveyFixtures.start)
        #expect(
            bad
                == .failure(
                    PageErrors([
                        ItemError(
                            stepID: "symptoms", itemID: "pain", code: .outOfRange, message: "must be between 1 and 10",
                            bounds: ItemError.Bounds(minimum: 1, maximum: 10, step: 1))
                    ])))
        let unknown = SurveyRun.answerAll(survey, pages: ["nope": .null], runID: "r", at: SurveyFixtures.start)
        #expect(
            unknown
                == .failure(
                    PageErrors([
                        ItemError(stepID: "nope", code: .unknownStep, message: "no such step in survey 'branching'")
                    ])))
    }
}

@Suite struct NavigationLoopTests {
    @Test func aRuleMayLeadBackAndHeadlessRunsStopALoop() throws {
        let question = FormItem(id: "again", text: "Again?", answerFormat: .boolean(BooleanFormat()))
        let survey = Survey(
            id: "loop",
            steps: [Step(id: "ask", kind: .question(question)), Step(id: "done", kind: .completion)],
            navigationRules: [
                "ask": [
                    NavigationRule(
                        when: .equals(step: "ask", item: "again", answer: .boolean(true)), goTo: .step("ask"))
                ]
            ]
        )
        var run = try SurveyRun(survey: survey, runID: "r", startDate: SurveyFixtures.start)
        let yes = StepSubmission(answers: ["again": .boolean(true)])
        #expect(run.submit(yes, for: "ask", in: survey, at: SurveyFixtures.date(1)) == .success(.step("ask")))
        #expect(run.path == ["ask", "ask"])
        #expect(try run.back() == .step("ask"))
        let no = StepSubmission(answers: ["again": .boolean(false)])
        #expect(run.submit(no, for: "ask", in: survey, at: SurveyFixtures.date(2)) == .success(.step("done")))
        let looping = SurveyRun.answerAll(
            survey,
            pages: ["ask": .object(["again": .bool(true)])],
            runID: "r",
            at: SurveyFixtures.start
        )
        #expect(
            looping
                == .failure(
                    PageErrors([ItemError(stepID: "ask", code: .navigationLoop, message: "the navigation rules loop")]))
        )
    }
}
