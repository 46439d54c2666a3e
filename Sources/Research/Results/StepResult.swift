import Foundation

/// The answer to one question of a step.
public struct QuestionResult: Codable, Hashable, Sendable {
    /// The identifier of the question, when the entry concerns one.
    public var itemID: String
    /// The answer given.
    public var answer: Answer

    /// Creates a `QuestionResult` from its members.
    public init(itemID: String, answer: Answer) {
        self.itemID = itemID
        self.answer = answer
    }
}

/// What one step produced: the answers to its questions and, for other steps, their activity result.
public struct StepResult: Codable, Hashable, Sendable {
    /// The identifier of the step.
    public var stepID: String
    /// When the step was entered.
    public var startDate: Date?
    /// When the step was submitted.
    public var endDate: Date
    /// The answers, by question.
    public var answers: [QuestionResult]
    /// The result of a non-question step, if any.
    public var activity: ActivityResult?

    /// Creates a `StepResult` from its members.
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

extension StepResult {
    private enum CodingKeys: String, CodingKey {
        case stepID, startDate, endDate, answers, activity
    }

    /// Decodes a step result; missing `answers` are none, a missing `startDate` or `activity` nil.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            stepID: try c.decode(String.self, forKey: .stepID),
            startDate: try c.decodeIfPresent(Date.self, forKey: .startDate),
            endDate: try c.decode(Date.self, forKey: .endDate),
            answers: try c.decodeIfPresent([QuestionResult].self, forKey: .answers) ?? [],
            activity: try c.decodeIfPresent(ActivityResult.self, forKey: .activity)
        )
    }

    /// Encodes a step result, leaving out `answers` when there are none and `startDate` and `activity` when nil.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stepID, forKey: .stepID)
        try c.encodeIfPresent(startDate, forKey: .startDate)
        try c.encode(endDate, forKey: .endDate)
        if !answers.isEmpty { try c.encode(answers, forKey: .answers) }
        try c.encodeIfPresent(activity, forKey: .activity)
    }
}
