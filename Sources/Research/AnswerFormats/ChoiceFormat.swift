import Foundation

/// One labelled choice of a text choice or text scale.
public struct Choice: Codable, Hashable, Sendable {
    /// The text shown to the participant.
    public var text: String
    /// The value recorded when picked; unique within its format.
    public var value: String
    /// Secondary text shown under the main text.
    public var detail: String?
    /// Picking it clears every other choice (for example "None of these").
    public var isExclusive: Bool

    /// Creates a `Choice` from its members.
    public init(text: String, value: String, detail: String? = nil, isExclusive: Bool = false) {
        self.text = text
        self.value = value
        self.detail = detail
        self.isExclusive = isExclusive
    }

    private enum CodingKeys: String, CodingKey {
        case text, value, detail, isExclusive
    }

    /// Decodes a choice; a missing `isExclusive` is false.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try c.decode(String.self, forKey: .text),
            value: try c.decode(String.self, forKey: .value),
            detail: try c.decodeIfPresent(String.self, forKey: .detail),
            isExclusive: try c.decodeIfPresent(Bool.self, forKey: .isExclusive) ?? false
        )
    }
}

/// Single or multiple choice among labelled options, with an optional "other" choice taking free text.
public struct TextChoiceFormat: Codable, Hashable, Sendable {
    /// The longest "other" text accepted, in characters.
    public static let otherTextLimit = 1000

    /// Whether one or several choices can be picked.
    public enum Style: String, Codable, Hashable, Sendable {
        case single, multiple
    }

    /// The "other" choice: its label, its value and the free text's placeholder.
    public struct Other: Codable, Hashable, Sendable {
        /// The text shown to the participant.
        public var text: String
        /// The value recorded when this choice is picked.
        public var value: String
        /// Hint text shown while the field is empty.
        public var placeholder: String?

        /// Creates an `Other` from its members.
        public init(text: String, value: String = "other", placeholder: String? = nil) {
            self.text = text
            self.value = value
            self.placeholder = placeholder
        }
    }

    /// How it is presented.
    public var style: Style
    /// The choices, in the order shown.
    public var choices: [Choice]
    /// The "other" choice that takes free text, if offered.
    public var other: Other?

    /// Creates a `TextChoiceFormat` from its members.
    public init(style: Style, choices: [Choice], other: Other? = nil) {
        self.style = style
        self.choices = choices
        self.other = other
    }

    /// Every value that can be picked, the "other" value last.
    public var allValues: [String] {
        choices.map(\.value) + (other.map { [$0.value] } ?? [])
    }
}
