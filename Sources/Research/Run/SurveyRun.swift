import Foundation

/// One participant's way through a survey: a Codable state machine, deterministic for the same inputs.
///
/// Dates and ids come from the caller, so a run can be saved as a draft, restored on another device and
/// replayed in tests.
///
/// ```swift
/// var run = try SurveyRun(survey: survey, runID: "r1", startDate: now)
/// while let step = run.currentStep(in: survey) {
///     // The fields a browser posted for this page, read by its step.
///     let page = step.parseSubmission(form: posted[step.id] ?? [:], timeZone: zone, at: now)
///     // Success moves the run to its next step or its end (`Position`); a failure changes nothing.
///     if case .failure(let errors) = page.flatMap({ run.submit($0, for: step.id, in: survey, at: now) }) {
///         return errors  // errors.errors name step and item
///     }
/// }
/// let result = try run.finish(.completed, at: now)
/// ```
public struct SurveyRun: Hashable, Sendable {
    /// Where a run is after a move.
    public enum Position: Hashable, Sendable {
        case step(String)
        case end
    }

    /// The identifier of the survey.
    public let surveyID: String
    /// The identifier of the run, given by the caller.
    public let runID: String
    /// When the run started.
    public let startDate: Date
    /// The steps visited, in order; the last one is the current step unless the run is at its end.
    public internal(set) var path: [String]
    /// Whether the last step has been submitted (the run can finish as completed).
    public internal(set) var isAtEnd: Bool
    /// The latest result of each step submitted, in submission order.
    public internal(set) var stepResults: [StepResult]
    /// The review step to return to after editing an answer from it.
    public internal(set) var reviewReturnStepID: String?
    /// When the current step was entered.
    public internal(set) var currentStepStart: Date
    /// The fields a page held when it was left without being submitted (Back, an expired session), by step
    /// id: shown again on that page, never part of the result. Submitting the step clears them.
    public internal(set) var heldFields: [String: [String: [String]]] = [:]

    /// Starts a run at the survey's first step; refuses a survey with problems.
    public init(survey: Survey, runID: String, startDate: Date) throws(SurveyValidationError) {
        let problems = survey.validate()
        if !problems.isEmpty { throw SurveyValidationError(problems: problems) }
        self.surveyID = survey.id
        self.runID = runID
        self.startDate = startDate
        self.stepResults = []
        self.reviewReturnStepID = nil
        self.currentStepStart = startDate
        let first = survey.firstUnskipped(from: 0) { _, _ in nil }
        self.path = first.map { [$0] } ?? []
        self.isAtEnd = first == nil
    }

    /// Starts a new run at the first step with the answers of an earlier `result` of the same survey in place
    /// (changing a stored answer): each page shows them again, and only what is submitted again is kept.
    public init(survey: Survey, revising result: SurveyResult, runID: String, startDate: Date)
        throws(SurveyValidationError)
    {
        try self.init(survey: survey, runID: runID, startDate: startDate)
        let known = Set(survey.steps.map(\.id))
        if result.surveyID == survey.id { stepResults = result.stepResults.filter { known.contains($0.stepID) } }
    }

    /// The identifier of the current step, `nil` at the end.
    public var currentStepID: String? {
        isAtEnd ? nil : path.last
    }

    /// The current step, `nil` at the end.
    public func currentStep(in survey: Survey) -> Step? {
        currentStepID.flatMap(survey.step)
    }

    /// The position as a `Position`.
    public var position: Position {
        currentStepID.map(Position.step) ?? .end
    }

    /// Whether Back is possible.
    public var canGoBack: Bool {
        isAtEnd ? !path.isEmpty : path.count > 1
    }

    /// The last answer to a step's item among the steps still on the path.
    public func answer(step stepID: String, item itemID: String) -> Answer? {
        guard path.contains(stepID) else { return nil }
        return stepResults.last { $0.stepID == stepID }?.answer(itemID)
    }

    /// Records a page's answers for the current step and moves on, or returns every problem and changes nothing.
    public mutating func submit(
        _ submission: StepSubmission,
        for stepID: String,
        in survey: Survey,
        at date: Date
    ) -> Result<Position, PageErrors> {
        guard survey.id == surveyID else {
            return .failure(
                PageErrors([
                    ItemError(stepID: stepID, code: .otherSurvey, message: "this run belongs to another survey")
                ]))
        }
        guard let step = survey.step(stepID), stepID == currentStepID else {
            return .failure(
                PageErrors([ItemError(stepID: stepID, code: .notCurrentStep, message: "not the current step")]))
        }
        let checked = check(submission, for: step)
        guard case .success(let answers) = checked else {
            if case .failure(let errors) = checked { return .failure(errors) }
            return .failure(PageErrors([]))
        }
        record(
            StepResult(
                stepID: stepID,
                startDate: currentStepStart,
                endDate: date,
                answers: answers,
                activity: submission.activity
            )
        )
        return .success(advance(from: stepID, in: survey, at: date))
    }

    /// Skips the current step when it is optional, recording its questions as skipped.
    public mutating func skip(in survey: Survey, at date: Date) throws(RunError) -> Position {
        guard let step = currentStep(in: survey) else { throw RunError("the run is at its end") }
        guard step.isOptional else { throw RunError("step '\(step.id)' is required and cannot be skipped") }
        let answers = step.items.map { QuestionResult(itemID: $0.id, answer: .skipped) }
        record(StepResult(stepID: step.id, startDate: currentStepStart, endDate: date, answers: answers))
        return advance(from: step.id, in: survey, at: date)
    }

    /// Goes back along the path actually taken; the answers of the step left stay as a draft.
    @discardableResult
    public mutating func back() throws(RunError) -> Position {
        guard canGoBack else { throw RunError("there is no previous step") }
        if isAtEnd {
            isAtEnd = false
        } else {
            path.removeLast()
        }
        reviewReturnStepID = nil
        return position
    }

    /// Ends the run. `.completed` needs the end to be reached; `.discarded` keeps no answers.
    public func finish(_ reason: FinishReason, at date: Date) throws(RunError) -> SurveyResult {
        if reason == .completed, !isAtEnd { throw RunError("the survey is not complete") }
        var results: [StepResult] = []
        if reason != .discarded {
            var seen: Set<String> = []
            for stepID in path.reversed() where seen.insert(stepID).inserted {
                if let result = stepResults.last(where: { $0.stepID == stepID }) { results.append(result) }
            }
            results.reverse()
        }
        return SurveyResult(
            surveyID: surveyID,
            runID: runID,
            startDate: startDate,
            endDate: date,
            finishReason: reason,
            stepResults: results
        )
    }

    /// Cancels: a discarded result with no answers.
    public func cancel(at date: Date) -> SurveyResult {
        SurveyResult(
            surveyID: surveyID,
            runID: runID,
            startDate: startDate,
            endDate: date,
            finishReason: .discarded,
            stepResults: []
        )
    }

    mutating func record(_ result: StepResult) {
        heldFields[result.stepID] = nil
        stepResults.removeAll { $0.stepID == result.stepID }
        stepResults.append(result)
    }

    mutating func advance(from stepID: String, in survey: Survey, at date: Date) -> Position {
        currentStepStart = date
        if let review = reviewReturnStepID {
            reviewReturnStepID = nil
            path.append(review)
            return position
        }
        if let next = survey.destination(after: stepID, answers: { answer(step: $0, item: $1) }) {
            path.append(next)
        } else {
            isAtEnd = true
        }
        return position
    }
}
