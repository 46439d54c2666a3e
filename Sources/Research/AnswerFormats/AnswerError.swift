import Foundation

/// An answer that breaks its format's rules. The message names the item, never repeats the answer.
public struct AnswerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The form item (question) the answer was for.
    public var itemID: String
    /// What is wrong, in words the participant can act on.
    public var message: String

    /// Creates an `AnswerError` from its members.
    public init(itemID: String, message: String) {
        self.itemID = itemID
        self.message = message
    }

    public var description: String { "\(itemID): \(message)" }
}
