import Foundation
import Research

/// Runs a survey from an answers document without a participant, for `recover survey answer`.
struct HeadlessRun {
    let survey: Survey
    let runID: String
    let timeZone: TimeZone

    /// Submits each step's answers in turn and returns the completed result, or throws a `DataError` listing
    /// every problem (step and item) and records nothing.
    func run(answers: JSONValue, at date: Date) throws -> SurveyResult {
        guard let byStep = answers.objectValue else {
            throw DataError("answers must be an object of steps: {\"<step id>\": {\"<item id>\": value}}")
        }
        let unknown = byStep.keys.filter { survey.step($0) == nil }.sorted()
        if !unknown.isEmpty {
            throw DataError(unknown.map { "\($0): no such step in survey '\(survey.id)'" }.joined(separator: "\n"))
        }
        var run: SurveyRun
        do {
            run = try SurveyRun(survey: survey, runID: runID, startDate: date)
        } catch {
            throw DataError(error.description)
        }
        var moves = 0
        while let step = run.currentStep(in: survey) {
            moves += 1
            if moves > survey.steps.count * 4 { throw DataError("\(step.id): the navigation rules loop") }
            let page = byStep[step.id]
            if page == nil, step.isOptional {
                _ = try? run.skip(in: survey, at: date)
                continue
            }
            let submission: StepSubmission
            switch step.parseSubmission(json: page ?? .null, timeZone: timeZone, at: date) {
            case .success(let parsed): submission = parsed
            case .failure(let errors): throw DataError(errors.description)
            }
            if case .failure(let errors) = run.submit(submission, for: step.id, in: survey, at: date) {
                throw DataError(errors.description)
            }
        }
        do {
            return try run.finish(.completed, at: date)
        } catch {
            throw DataError(error.description)
        }
    }
}
