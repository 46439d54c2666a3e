import Foundation

/// One answered question listed on a review step.
public struct ReviewEntry: Hashable, Sendable {
    /// The identifier of the step.
    public var stepID: String
    /// The identifier of the question, when the entry concerns one.
    public var itemID: String
    /// The question as asked.
    public var question: String
    /// The answer given.
    public var answer: Answer
}

extension SurveyRun {
    /// Every answered question on the path so far, in the order asked, for a review step.
    public func reviewEntries(in survey: Survey) -> [ReviewEntry] {
        var entries: [ReviewEntry] = []
        var seen: Set<String> = []
        for stepID in path where seen.insert(stepID).inserted {
            guard let step = survey.step(stepID), let result = stepResults.last(where: { $0.stepID == stepID }) else {
                continue
            }
            for item in step.items {
                if let answer = result.answer(item.id) {
                    entries.append(ReviewEntry(stepID: stepID, itemID: item.id, question: item.text, answer: answer))
                }
            }
        }
        return entries
    }

    /// From a review step, opens an answered step to edit; submitting it returns to the review.
    public mutating func edit(_ stepID: String, in survey: Survey) throws(RunError) -> Position {
        guard let current = currentStep(in: survey), case .review = current.kind else {
            throw RunError("answers can be edited only from a review step")
        }
        guard path.contains(stepID), let target = survey.step(stepID), target.collectsInput else {
            throw RunError("step '\(stepID)' has no answers to edit")
        }
        reviewReturnStepID = current.id
        path.append(stepID)
        return position
    }

    /// Leaves an edit without submitting and goes back to the review it came from.
    public mutating func returnToReview() throws(RunError) -> Position {
        guard let review = reviewReturnStepID else { throw RunError("no review to return to") }
        reviewReturnStepID = nil
        path.append(review)
        return position
    }
}
