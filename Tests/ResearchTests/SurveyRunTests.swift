import Foundation
import Testing

@testable import Research

@Suite struct SurveyRunTests {
    let survey = SurveyFixtures.branching

    private func page(_ answers: [String: Answer]) -> StepSubmission { StepSubmission(answers: answers) }

    private func started() throws -> SurveyRun {
        try SurveyRun(survey: survey, runID: "run-1", startDate: SurveyFixtures.start)
    }

    @Test func directRuleSkipsTheUrgentStepForMildPain() throws {
        var run = try started()
        #expect(run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1)) == .success(.step("symptoms")))
        let next = run.submit(page(["pain": .integer(3)]), for: "symptoms", in: survey, at: SurveyFixtures.date(2))
        #expect(next == .success(.step("details")))
        #expect(run.path == ["intro", "symptoms", "details"])
    }

    @Test func firstMatchingRuleWinsForSeverePain() throws {
        var run = try started()
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        let next = run.submit(page(["pain": .integer(8)]), for: "symptoms", in: survey, at: SurveyFixtures.date(2))
        #expect(next == .success(.step("urgent")))
        #expect(run.submit(.empty, for: "urgent", in: survey, at: SurveyFixtures.date(3)) == .success(.step("details")))
    }

    @Test func endTargetFinishesTheSurvey() throws {
        var run = try started()
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        #expect(
            run.submit(page(["pain": .dontKnow]), for: "symptoms", in: survey, at: SurveyFixtures.date(2))
                == .success(.end))
        let result = try run.finish(.completed, at: SurveyFixtures.date(3))
        #expect(result.answer(step: "symptoms", item: "pain") == .dontKnow)
        #expect(result.finishReason == .completed)
    }

    @Test func backFollowsThePathTakenAndResubmittingChangesTheBranch() throws {
        var run = try started()
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        _ = run.submit(page(["pain": .integer(9)]), for: "symptoms", in: survey, at: SurveyFixtures.date(2))
        #expect(try run.back() == .step("symptoms"))
        #expect(run.answer(step: "symptoms", item: "pain") == .integer(9))
        _ = run.submit(page(["pain": .integer(2)]), for: "symptoms", in: survey, at: SurveyFixtures.date(3))
        #expect(run.currentStepID == "details")
        #expect(try run.back() == .step("symptoms"))
        #expect(try run.back() == .step("intro"))
        #expect(throws: RunError.self) { try run.back() }
    }

    @Test func invalidPageReportsEveryItemAndRecordsNothing() throws {
        var run = try started()
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        let before = run
        let outcome = run.submit(
            page(["pain": .integer(11), "bogus": .integer(1)]),
            for: "symptoms",
            in: survey,
            at: SurveyFixtures.date(2)
        )
        guard case .failure(let errors) = outcome else {
            Issue.record("expected errors")
            return
        }
        #expect(errors.errors.map(\.itemID) == ["bogus", "pain"])
        #expect(errors.errors.allSatisfy { $0.stepID == "symptoms" })
        #expect(run == before)
        let missing = run.submit(.empty, for: "symptoms", in: survey, at: SurveyFixtures.date(2))
        #expect(
            missing
                == .failure(
                    PageErrors([
                        ItemError(stepID: "symptoms", itemID: "pain", code: .required, message: "an answer is required")
                    ])))
    }

    @Test func hiddenItemsAreNeitherRequiredNorReported() throws {
        var run = try started()
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        _ = run.submit(
            page(["pain": .integer(2), "where": .text("knee")]), for: "symptoms", in: survey, at: SurveyFixtures.date(2)
        )
        let result = run.stepResults.last { $0.stepID == "symptoms" }
        #expect(result?.answer("where") == nil)
        #expect(
            run.visibleItems(of: survey.steps[1], pageAnswers: ["pain": .integer(6)]).map(\.id) == ["pain", "where"])
    }

    @Test func onlyTheCurrentStepCanBeSubmitted() throws {
        var run = try started()
        let outcome = run.submit(page(["pain": .integer(2)]), for: "symptoms", in: survey, at: SurveyFixtures.date(1))
        #expect(
            outcome
                == .failure(
                    PageErrors([ItemError(stepID: "symptoms", code: .notCurrentStep, message: "not the current step")]))
        )
    }

    @Test func skipWorksOnlyOnOptionalSteps() throws {
        var run = try started()
        #expect(throws: RunError.self) { try run.skip(in: survey, at: SurveyFixtures.date(1)) }
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        _ = run.submit(page(["pain": .integer(2)]), for: "symptoms", in: survey, at: SurveyFixtures.date(2))
        #expect(try run.skip(in: survey, at: SurveyFixtures.date(3)) == .step("review"))
        #expect(run.answer(step: "details", item: "note") == .skipped)
    }

    @Test func reviewListsAnswersAndReturnsAfterAnEdit() throws {
        var run = try started()
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        _ = run.submit(page(["pain": .integer(2)]), for: "symptoms", in: survey, at: SurveyFixtures.date(2))
        _ = run.submit(page(["note": .text("fine")]), for: "details", in: survey, at: SurveyFixtures.date(3))
        #expect(run.currentStepID == "review")
        #expect(run.reviewEntries(in: survey).map(\.itemID) == ["pain", "note"])
        #expect(try run.edit("symptoms", in: survey) == .step("symptoms"))
        #expect(
            run.submit(page(["pain": .integer(4)]), for: "symptoms", in: survey, at: SurveyFixtures.date(4))
                == .success(.step("review")))
        #expect(run.reviewEntries(in: survey).first?.answer == .integer(4))
        #expect(try run.edit("details", in: survey) == .step("details"))
        #expect(try run.returnToReview() == .step("review"))
        #expect(run.submit(.empty, for: "review", in: survey, at: SurveyFixtures.date(5)) == .success(.step("done")))
        #expect(throws: RunError.self) { try run.edit("symptoms", in: survey) }
        _ = run.submit(.empty, for: "done", in: survey, at: SurveyFixtures.date(6))
        let result = try run.finish(.completed, at: SurveyFixtures.date(6))
        #expect(result.answer(step: "symptoms", item: "pain") == .integer(4))
        #expect(result.stepResults.map(\.stepID) == ["intro", "symptoms", "details", "review", "done"])
    }

    @Test func saveAndRestoreMidSurveyContinuesIdentically() throws {
        var run = try started()
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        _ = run.submit(page(["pain": .integer(8)]), for: "symptoms", in: survey, at: SurveyFixtures.date(2))
        let data = try SurveyJSON.encode(run)
        var restored = try SurveyJSON.decode(SurveyRun.self, from: data)
        #expect(restored == run)
        for var copy in [run, restored] {
            _ = copy.submit(.empty, for: "urgent", in: survey, at: SurveyFixtures.date(3))
            #expect(copy.currentStepID == "details")
        }
        _ = restored.submit(.empty, for: "urgent", in: survey, at: SurveyFixtures.date(3))
        let saved = try restored.finish(.saved, at: SurveyFixtures.date(4))
        #expect(saved.finishReason == .saved)
        #expect(saved.stepResults.map(\.stepID) == ["intro", "symptoms", "urgent"])
    }

    @Test func finishingEarlyAsCompletedIsRefusedAndCancelKeepsNothing() throws {
        var run = try started()
        _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
        #expect(throws: RunError.self) { try run.finish(.completed, at: SurveyFixtures.date(2)) }
        let cancelled = run.cancel(at: SurveyFixtures.date(2))
        #expect(cancelled.finishReason == .discarded && cancelled.stepResults.isEmpty)
    }

    @Test func anInvalidSurveyCannotStart() {
        let broken = Survey(id: "x", steps: [Step(id: "a", kind: .completion), Step(id: "a", kind: .completion)])
        #expect(throws: SurveyValidationError.self) {
            try SurveyRun(survey: broken, runID: "r", startDate: SurveyFixtures.start)
        }
    }

    @Test func sameInputsGiveTheSameRun() throws {
        func play() throws -> SurveyRun {
            var run = try started()
            _ = run.submit(.empty, for: "intro", in: survey, at: SurveyFixtures.date(1))
            _ = run.submit(
                page(["pain": .integer(5), "where": .text("knee")]), for: "symptoms", in: survey,
                at: SurveyFixtures.date(2))
            return run
        }
        #expect(try play() == play())
        #expect(try SurveyJSON.encode(play()) == SurveyJSON.encode(play()))
    }
}

/// `SurveyRun`'s documented example, as written there, over the branching survey.
@Suite struct SurveyRunExampleTests {
    let survey = SurveyFixtures.branching
    let zone = TimeZone(secondsFromGMT: 0) ?? .current
    let now = SurveyFixtures.start

    /// The example's code, unchanged, with `result` handed out.
    private func example(posted: [String: [String: [String]]], result finished: inout SurveyResult?) throws
        -> PageErrors?
    {
        var run = try SurveyRun(survey: survey, runID: "r1", startDate: now)
        while let step = run.currentStep(in: survey) {
            // The fields a browser posted for this page, read by its step.
            let page = step.parseSubmission(form: posted[step.id] ?? [:], timeZone: zone, at: now)
            // Success moves the run to its next step or its end (`Position`); a failure changes nothing.
            if case .failure(let errors) = page.flatMap({ run.submit($0, for: step.id, in: survey, at: now) }) {
                return errors  // errors.errors name step and item
            }
        }
        let result = try run.finish(.completed, at: now)
        finished = result
        return nil
    }

    @Test func theExampleAnswersEveryPageAndFinishes() throws {
        var result: SurveyResult?
        let errors = try example(posted: ["symptoms": ["pain": ["3"]], "details": ["note": ["fine"]]], result: &result)
        #expect(errors == nil)
        #expect(result?.finishReason == .completed)
        #expect(result?.answer(step: "symptoms", item: "pain") == .integer(3))
        #expect(result?.stepResults.map(\.stepID) == ["intro", "symptoms", "details", "review", "done"])
    }

    @Test func theExampleStopsAtAPageWithProblems() throws {
        var result: SurveyResult?
        let errors = try example(posted: ["symptoms": ["pain": ["11"]]], result: &result)
        #expect(errors?.errors.map(\.stepID) == ["symptoms"])
        #expect(errors?.errors.map(\.itemID) == ["pain"])
        #expect(result == nil)
    }
}
