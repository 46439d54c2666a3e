import Foundation
import Research
import Testing

/// Editing from a review reaches every step that collects input, including activity steps such as a body
/// model, and never steps without input.
struct ReviewEditActivityTests {
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    let survey = Survey(
        id: "s",
        steps: [
            Step(id: "intro", kind: .instruction(Instruction())),
            Step(id: "where", kind: .bodyModel(BodyModel(modelID: "knee", selectableParts: ["patella", "calf"]))),
            Step(id: "review", kind: .review),
        ])

    @Test func aBodyModelStepCanBeEditedFromTheReviewAndReturnsToIt() throws {
        var run = try SurveyRun(survey: survey, runID: "r", startDate: date)
        _ = run.submit(.empty, for: "intro", in: survey, at: date)
        _ = run.submit(StepSubmission(activity: .bodySelection(["patella"])), for: "where", in: survey, at: date)
        #expect(run.currentStep(in: survey)?.id == "review")
        #expect(throws: RunError.self) { try run.edit("intro", in: survey) }
        #expect(try run.edit("where", in: survey) == .step("where"))
        #expect(run.draftActivity(for: "where") == .bodySelection(["patella"]))
        let back = run.submit(StepSubmission(activity: .bodySelection(["calf"])), for: "where", in: survey, at: date)
        #expect(try back.get() == .step("review"))
        #expect(try run.submit(.empty, for: "review", in: survey, at: date).get() == .end)
        let result = try run.finish(.completed, at: date)
        #expect(result.stepResult("where")?.activity == .bodySelection(["calf"]))
    }
}
