import Foundation

/// Something in a Questionnaire (or a survey being exported as one) that cannot be mapped, with where it is.
public struct FHIRQuestionnaireProblem: Hashable, Sendable, CustomStringConvertible {
    /// Where: a JSON path with the item's linkId (`item[0].item[2] 'pain'`) when importing, the step and item
    /// (`step 'checkin.form', item 'checkin.form.pain'`) when exporting; empty for the whole resource.
    public var location: String
    /// What cannot be mapped, in words a study team can act on.
    public var message: String

    /// Creates a problem.
    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `location: message`, or the message alone for the whole resource.
    public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}

/// A Questionnaire that cannot become a survey, or a survey that cannot become a Questionnaire, with every
/// problem found.
public struct FHIRQuestionnaireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem, in document order.
    public var problems: [FHIRQuestionnaireProblem]

    /// Creates an error from its problems.
    public init(problems: [FHIRQuestionnaireProblem]) { self.problems = problems }

    /// One line per problem.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
