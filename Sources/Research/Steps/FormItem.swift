import Foundation

/// One question of a form or question step.
public struct FormItem: Codable, Hashable, Sendable {
    /// Unique within its step; the key of its answer.
    public var id: String
    /// The text shown to the participant.
    public var text: String
    /// Secondary text shown under the main text.
    public var detail: String?
    /// How the question is answered and which answers are valid.
    public var answerFormat: AnswerFormat
    /// An optional item may be left unanswered.
    public var isOptional: Bool
    /// The title of the section the item starts or belongs to; items with the same section are grouped.
    public var section: String?
    /// Shown only when this holds over the results so far and the page's own answers; a hidden item is
    /// neither required nor reported.
    public var visibleWhen: ResultPredicate?

    /// Creates a `FormItem` from its members.
    public init(
        id: String,
        text: String,
        detail: String? = nil,
        answerFormat: AnswerFormat,
        isOptional: Bool = false,
        section: String? = nil,
        visibleWhen: ResultPredicate? = nil
    ) {
        self.id = id
        self.text = text
        self.detail = detail
        self.answerFormat = answerFormat
        self.isOptional = isOptional
        self.section = section
        self.visibleWhen = visibleWhen
    }

    private enum CodingKeys: String, CodingKey {
        case id, text, detail, answerFormat, isOptional, section, visibleWhen
    }

    /// Decodes an item; a missing `isOptional` is false.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(String.self, forKey: .id),
            text: try c.decode(String.self, forKey: .text),
            detail: try c.decodeIfPresent(String.self, forKey: .detail),
            answerFormat: try c.decode(AnswerFormat.self, forKey: .answerFormat),
            isOptional: try c.decodeIfPresent(Bool.self, forKey: .isOptional) ?? false,
            section: try c.decodeIfPresent(String.self, forKey: .section),
            visibleWhen: try c.decodeIfPresent(ResultPredicate.self, forKey: .visibleWhen)
        )
    }
}
