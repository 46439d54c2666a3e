import Foundation

/// The answers of one page: typed answers by item id and, for non-question steps, their activity result.
public struct StepSubmission: Codable, Hashable, Sendable {
    public var answers: [String: Answer]
    public var activity: ActivityResult?

    public init(answers: [String: Answer] = [:], activity: ActivityResult? = nil) {
        self.answers = answers
        self.activity = activity
    }

    /// A page with nothing on it, for instruction, completion and review steps.
    public static let empty = StepSubmission()
}
