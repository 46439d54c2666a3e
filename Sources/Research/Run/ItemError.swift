import Foundation

/// A problem with a submitted page, naming the step and, where it concerns one question, the item.
public struct ItemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The identifier of the step.
    public var stepID: String
    /// The identifier of the question, when the entry concerns one.
    public var itemID: String?
    /// What is wrong, in words a person can act on.
    public var message: String

    /// Creates an `ItemError` from its members.
    public init(stepID: String, itemID: String? = nil, message: String) {
        self.stepID = stepID
        self.itemID = itemID
        self.message = message
    }

    /// `checkin.form.pain: must be between 1 and 10` when it names an item, else `checkin.form: ...`.
    public var description: String {
        if let itemID { return "\(stepID) / \(itemID): \(message)" }
        return "\(stepID): \(message)"
    }
}

/// Every problem found with a submitted page; nothing is recorded when there is one.
public struct PageErrors: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem found, in order.
    public var errors: [ItemError]

    /// Creates a `PageErrors` from its members.
    public init(_ errors: [ItemError]) { self.errors = errors }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// A run operation that is not possible in the run's current state.
public struct RunError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words a person can act on.
    public var message: String

    /// Creates a `RunError` from its members.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
