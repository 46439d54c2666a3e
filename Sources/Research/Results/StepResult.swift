import Foundation

/// The answer to one question of a step.
public struct QuestionResult: Codable, Hashable, Sendable {
    public var itemID: String
    public var answer: Answer

    public init(itemID: String, answer: Answer) {
        self.itemID = itemID
        self.answer = answer
    }
}

/// What one step produced: the answers to its questions and, for other steps, their activity result.
public struct StepResult: Codable, Hashable, Sendable {
    public var stepID: String
    public var startDate: Date?
    public var endDate: Date
    public var answers: [QuestionResult]
    public var activity: ActivityResult?

    public init(
        stepID: String,
        startDate: Date? = nil,
        endDate: Date,
        answers: [QuestionResult] = [],
        activity: ActivityResult? = nil
    ) {
        self.stepID = stepID
        self.startDate = startDate
        self.endDate = endDate
        self.answers = answers
        self.activity = activity
    }

    /// The last answer to `itemID`.
    public func answer(_ itemID: String) -> Answer? {
        answers.last { $0.itemID == itemID }?.answer
    }
}
