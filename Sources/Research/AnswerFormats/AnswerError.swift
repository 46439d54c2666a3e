import Foundation

/// An answer that breaks its format's rules. The message names the item, never repeats the answer.
///
/// `code`, `bounds`, `limit` and `authorMessage` mean what they mean on ``ItemError``, which carries them on.
public struct AnswerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The form item (question) the answer was for.
    public var itemID: String
    /// What is wrong, as a stable code.
    public var code: ItemError.Code
    /// What is wrong, in English words the participant can act on.
    public var message: String
    /// The format's bounds, for a format that has them.
    public var bounds: ItemError.Bounds?
    /// The maximum length, for `tooLong`.
    public var limit: Int?
    /// The survey author's message, for `patternMismatch`.
    public var authorMessage: String?

    /// Creates an `AnswerError` from its members.
    public init(
        itemID: String,
        code: ItemError.Code,
        message: String,
        bounds: ItemError.Bounds? = nil,
        limit: Int? = nil,
        authorMessage: String? = nil
    ) {
        self.itemID = itemID
        self.code = code
        self.message = message
        self.bounds = bounds
        self.limit = limit
        self.authorMessage = authorMessage
    }

    /// `itemID: message`.
    public var description: String { "\(itemID): \(message)" }
}
