import Foundation

extension SurveyRun {
    /// The answers last given on `stepID` (to fill in a page again after Back or an edit), by item id.
    public func draftAnswers(for stepID: String) -> [String: Answer] {
        guard let result = stepResults.last(where: { $0.stepID == stepID }) else { return [:] }
        var answers: [String: Answer] = [:]
        for question in result.answers where question.answer != .skipped {
            answers[question.itemID] = question.answer
        }
        return answers
    }

    /// Keeps the fields of a page left without submitting it (Back, an expired session) for `stepID`, a step
    /// on the path; they are not checked and never reach the result. Empty fields forget what was held.
    public mutating func hold(_ fields: [String: [String]], for stepID: String) {
        guard path.contains(stepID) else { return }
        heldFields[stepID] = fields.isEmpty ? nil : fields
    }

    /// Goes back along the path until `stepID` is the current step; false (and nothing changed) when it is
    /// not a step before the current one.
    public mutating func rewind(to stepID: String) -> Bool {
        guard stepID != currentStepID, let index = path.lastIndex(of: stepID) else { return false }
        if isAtEnd { isAtEnd = false }
        path.removeSubrange((index + 1)...)
        reviewReturnStepID = nil
        return true
    }

    /// Passes the current step when it is a completion step the run ends after (it only informs): the run is
    /// then at its end, so the result can be stored before the completion is shown. The position after.
    @discardableResult
    public mutating func passFinalCompletion(in survey: Survey, at date: Date) -> Position {
        guard let step = currentStep(in: survey), case .completion = step.kind,
            survey.destination(after: step.id, answers: { answer(step: $0, item: $1) }) == nil
        else { return position }
        return (try? submit(.empty, for: step.id, in: survey, at: date).get()) ?? position
    }

    /// The activity result last given on `stepID`, such as a signature, to show again after Back.
    public func draftActivity(for stepID: String) -> ActivityResult? {
        stepResults.last { $0.stepID == stepID }?.activity
    }

    /// The current step's position in the survey's order (1-based) and the number of steps, for a
    /// "Step 2 of 6" label; `nil` at the end.
    public func progress(in survey: Survey) -> (number: Int, count: Int)? {
        guard let id = currentStepID, let index = survey.index(of: id) else { return nil }
        return (index + 1, survey.steps.count)
    }

    /// Whether the current step may be skipped.
    public func canSkip(in survey: Survey) -> Bool {
        currentStep(in: survey)?.isOptional ?? false
    }

    /// Checks that a restored run belongs to `survey`: same identifier, and every step it mentions exists.
    public func check(against survey: Survey) throws(RunError) {
        guard surveyID == survey.id else { throw RunError("this run belongs to survey '\(surveyID)'") }
        let known = Set(survey.steps.map(\.id))
        if let unknown = (path + stepResults.map(\.stepID) + [reviewReturnStepID].compactMap { $0 })
            .first(where: { !known.contains($0) })
        {
            throw RunError("this run refers to step '\(unknown)', which the survey does not have")
        }
    }
}
