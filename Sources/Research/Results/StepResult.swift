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

extension StepResult {
    private enum CodingKeys: String, CodingKey {
        case stepID, startDate, endDate, answers, activity
    }

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

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stepID, forKey: .stepID)
        try c.encodeIfPresent(startDate, forKey: .startDate)
        try c.encode(endDate, forKey: .endDate)
        if !answers.isEmpty { try c.encode(answers, forKey: .answers) }
        try c.encodeIfPresent(activity, forKey: .activity)
    }
}
