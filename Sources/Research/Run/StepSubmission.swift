import Foundation

/// The answers of one page: typed answers by item id and, for non-question steps, their activity result.
public struct StepSubmission: Codable, Hashable, Sendable {
    /// The answers, by question.
    public var answers: [String: Answer]
    /// The result of a non-question step, if any.
    public var activity: ActivityResult?

    /// Creates a `StepSubmission` from its members.
    public init(answers: [String: Answer] = [:], activity: ActivityResult? = nil) {
        self.answers = answers
        self.activity = activity
    }

    /// A page with nothing on it, for instruction, completion and review steps.
    public static let empty = StepSubmission()
}
