import Foundation

/// Something wrong with a survey's definition, naming the step and item it concerns.
public struct SurveyProblem: Hashable, Sendable, CustomStringConvertible {
    /// The identifier of the step.
    public var stepID: String?
    /// The identifier of the question, when the entry concerns one.
    public var itemID: String?
    /// What is wrong, in words a person can act on.
    public var message: String

    /// Creates a `SurveyProblem` from its members.
    public init(stepID: String? = nil, itemID: String? = nil, message: String) {
        self.stepID = stepID
        self.itemID = itemID
        self.message = message
    }

    /// `step 'checkin.form', item 'checkin.form.pain': scale has 14 steps; it must have 1 to 13`.
    public var description: String {
        var place: [String] = []
        if let stepID { place.append("step '\(stepID)'") }
        if let itemID { place.append("item '\(itemID)'") }
        return place.isEmpty ? message : "\(place.joined(separator: ", ")): \(message)"
    }
}

/// A survey that breaks the rules, with every problem found.
public struct SurveyValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem found, in order.
    public var problems: [SurveyProblem]

    /// Every problem, one per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
