import Foundation

/// Something wrong with a survey's definition, naming the step and item it concerns.
public struct SurveyProblem: Hashable, Sendable, CustomStringConvertible {
    public var stepID: String?
    public var itemID: String?
    public var message: String

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
    public var problems: [SurveyProblem]

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
