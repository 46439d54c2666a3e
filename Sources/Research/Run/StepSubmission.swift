import Foundation

/// The answers of one page: typed answers by item id and, for non-question steps, their activity result.
public struct StepSubmission: Codable, Hashable, Sendable {
    /// The answers, by question.
    public var answers: [String: Answer]
    /// The result of a non-question step, if any.
    public var activity: ActivityResult?
    /// The conditional questions (with a `visibleWhen`) the page showed when it was posted, where the page says
    /// (a browser form); `nil` otherwise. A conditional question that the page's own answers make visible, left
    /// unanswered and not among them, is reported as `revealed` rather than required or skipped: the
    /// participant has not seen it yet.
    public var shownItems: Set<String>?

    /// Creates a `StepSubmission` from its members.
    public init(answers: [String: Answer] = [:], activity: ActivityResult? = nil, shownItems: Set<String>? = nil) {
        self.answers = answers
        self.activity = activity
        self.shownItems = shownItems
    }

    /// A page with nothing on it, for instruction, completion and review steps.
    public static let empty = StepSubmission()
}
