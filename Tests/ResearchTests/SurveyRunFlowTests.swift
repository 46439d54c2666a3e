import Foundation
import Testing

@testable import Research

/// What the survey pages' flow needs of a run: fields held by Back, going back to an earlier step, passing a
/// closing completion step, and a run that changes a stored result.
@Suite struct SurveyRunFlowTests {
    let survey = SurveyFixtures.branching

    @Test func heldFieldsSurviveTheDraftAndAreClearedBySubmitting() throws {
        var run = try SurveyRun(survey: survey, runID: "r", startDate: SurveyFixtures.start)
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        run.hold(["pain": ["6"]], for: "symptoms")
        run.hold(["x": ["1"]], for: "nowhere")
        #expect(run.heldFields == ["symptoms": ["pain": ["6"]]], "only a step on the path holds fields")
        let restored = try SurveyJSON.decode(SurveyRun.self, from: try SurveyJSON.encode(run))
        #expect(restored == run)
        _ = run.submit(
            StepSubmission(answers: ["pain": .integer(6)]), for: "symptoms", in: survey, at: SurveyFixtures.date(2))
        #expect(run.heldFields.isEmpty)
        let result = try #require(try? run.finish(.discarded, at: SurveyFixtures.date(3)))
        #expect(result.stepResults.isEmpty)
    }

    @Test func rewindGoesBackAlongThePathOnly() throws {
        var run = try SurveyRun(survey: survey, runID: "r", startDate: SurveyFixtures.start)
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        _ = run.submit(
            StepSubmission(answers: ["pain": .integer(6)]), for: "symptoms", in: survey, at: SurveyFixtures.date(2))
        let current = try #require(run.currentStepID)
        let toCurrent = run.rewind(to: current)
        let offPath = run.rewind(to: "not-a-step")
        #expect(!toCurrent, "the current step is no rewind")
        #expect(!offPath)
        #expect(run.currentStepID == current)
        let toIntro = run.rewind(to: "intro")
        #expect(toIntro)
        #expect(run.currentStepID == "intro")
        #expect(run.draftAnswers(for: "symptoms") == ["pain": .integer(6)], "later answers stay as a draft")
    }

    @Test func aClosingCompletionIsPassedSoTheRunCanBeStoredFirst() throws {
        let survey = Survey(
            id: "s",
            steps: [
                Step(
                    id: "q",
                    kind: .form([FormItem(id: "n", text: "N", answerFormat: .numeric(NumericFormat(style: .integer)))])),
                Step(id: "done", kind: .completion),
            ])
        var run = try SurveyRun(survey: survey, runID: "r", startDate: SurveyFixtures.start)
        let before = run.passFinalCompletion(in: survey, at: SurveyFixtures.date(1))
        #expect(before == .step("q"), "not at a completion")
        _ = run.submit(StepSubmission(answers: ["n": .integer(2)]), for: "q", in: survey, at: SurveyFixtures.date(1))
        #expect(run.currentStepID == "done")
        let after = run.passFinalCompletion(in: survey, at: SurveyFixtures.date(2))
        #expect(after == .end)
        let result = try run.finish(.completed, at: SurveyFixtures.date(2))
        #expect(result.stepResults.first?.answers.first?.answer == .integer(2))
    }

    @Test func aRevisingRunStartsAtTheFirstStepWithTheStoredAnswersInPlace() throws {
        var first = try SurveyRun(survey: survey, runID: "r1", startDate: SurveyFixtures.start)
        _ = first.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        _ = first.submit(
            StepSubmission(answers: ["pain": .integer(6)]), for: "symptoms", in: survey, at: SurveyFixtures.date(2))
        let stored = try first.finish(.saved, at: SurveyFixtures.date(3))
        let run = try SurveyRun(survey: survey, revising: stored, runID: "r2", startDate: SurveyFixtures.date(4))
        #expect(run.runID == "r2")
        #expect(run.currentStepID == "intro")
        #expect(run.draftAnswers(for: "symptoms") == ["pain": .integer(6)])
        #expect(!run.isAtEnd)
    }
}
