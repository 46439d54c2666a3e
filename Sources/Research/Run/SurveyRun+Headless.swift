import Foundation

extension SurveyRun {
    /// Runs `survey` from start to end with one page of answers per step, as `recover survey answer` and tests
    /// do: `pages` maps step ids to the JSON a browser would post (see docs/survey-json.md).
    ///
    /// Steps without an entry are submitted empty, except optional ones, which are skipped. Returns the
    /// completed result, or every problem of the first page that fails (naming step and item); a page for a
    /// step the survey does not have is a problem too.
    public static func answerAll(
        _ survey: Survey,
        pages: [String: JSONValue],
        runID: String,
        at date: Date,
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current
    ) -> Result<SurveyResult, PageErrors> {
        let unknown = pages.keys.filter { survey.step($0) == nil }.sorted()
        if !unknown.isEmpty {
            return .failure(
                PageErrors(
                    unknown.map {
                        ItemError(stepID: $0, code: .unknownStep, message: "no such step in survey '\(survey.id)'")
                    }))
        }
        var run: SurveyRun
        do {
            run = try SurveyRun(survey: survey, runID: runID, startDate: date)
        } catch {
            return .failure(
                PageErrors(
                    error.problems.map {
                        ItemError(
                            stepID: $0.stepID ?? survey.id, itemID: $0.itemID, code: .invalidSurvey, message: $0.message
                        )
                    }))
        }
        var moves = 0
        while let step = run.currentStep(in: survey) {
            moves += 1
            if moves > survey.steps.count * 4 {
                return .failure(
                    PageErrors([ItemError(stepID: step.id, code: .navigationLoop, message: "the navigation rules loop")]
                    ))
            }
            let page = pages[step.id]
            if page == nil, step.isOptional, (try? run.skip(in: survey, at: date)) != nil { continue }
            let submission: StepSubmission
            switch step.parseSubmission(json: page ?? .null, timeZone: timeZone, at: date) {
            case .success(let parsed): submission = parsed
            case .failure(let errors): return .failure(errors)
            }
            if case .failure(let errors) = run.submit(submission, for: step.id, in: survey, at: date) {
                return .failure(errors)
            }
        }
        do {
            return .success(try run.finish(.completed, at: date))
        } catch {
            return .failure(PageErrors([ItemError(stepID: survey.id, code: .runState, message: error.message)]))
        }
    }
}
