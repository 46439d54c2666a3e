import Foundation

/// The optional "don't know" button of a scale, with its custom text.
public struct DontKnowButton: Codable, Hashable, Sendable {
    /// The button's text; `nil` shows the default ("I don't know").
    public var text: String?

    /// Creates a `DontKnowButton` from its members.
    public init(text: String? = nil) { self.text = text }
}

/// An integer slider: minimum...maximum in steps (ResearchKit's scale answer format).
public struct ScaleFormat: Codable, Hashable, Sendable {
    /// The lowest accepted value, if bounded.
    public var minimum: Int
    /// The highest accepted value, if bounded.
    public var maximum: Int
    /// The distance between two positions of the slider.
    public var step: Int
    /// The starting position; one outside the range or off the steps counts as no default.
    public var defaultValue: Int?
    /// Whether the slider is drawn vertically.
    public var vertical: Bool
    /// Text shown at the minimum end.
    public var minimumDescription: String?
    /// Text shown at the maximum end.
    public var maximumDescription: String?
    /// Shown when set: lets the participant answer "don't know".
    public var dontKnow: DontKnowButton?

    /// Creates a `ScaleFormat` from its members.
    public init(
        minimum: Int,
        maximum: Int,
        step: Int = 1,
        defaultValue: Int? = nil,
        vertical: Bool = false,
        minimumDescription: String? = nil,
        maximumDescription: String? = nil,
        dontKnow: DontKnowButton? = nil
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
        self.vertical = vertical
        self.minimumDescription = minimumDescription
        self.maximumDescription = maximumDescription
        self.dontKnow = dontKnow
    }

    /// The default value when it is a valid position, otherwise `nil`.
    public var effectiveDefault: Int? {
        guard let defaultValue, defaultValue >= minimum, defaultValue <= maximum, step > 0 else { return nil }
        let (offset, overflow) = defaultValue.subtractingReportingOverflow(minimum)
        return !overflow && offset % step == 0 ? defaultValue : nil
    }

    private enum CodingKeys: String, CodingKey {
        case minimum, maximum, step, defaultValue, vertical, minimumDescription, maximumDescription, dontKnow
    }

    /// Decodes a scale; a missing `step` is 1 and a missing `vertical` false.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            minimum: try c.decode(Int.self, forKey: .minimum),
            maximum: try c.decode(Int.self, forKey: .maximum),
            step: try c.decodeIfPresent(Int.self, forKey: .step) ?? 1,
            defaultValue: try c.decodeIfPresent(Int.self, forKey: .defaultValue),
            vertical: try c.decodeIfPresent(Bool.self, forKey: .vertical) ?? false,
            minimumDescription: try c.decodeIfPresent(String.self, forKey: .minimumDescription),
            maximumDescription: try c.decodeIfPresent(String.self, forKey: .maximumDescription),
            dontKnow: try c.decodeIfPresent(DontKnowButton.self, forKey: .dontKnow)
        )
    }
}

/// A continuous slider with a number of fraction digits.
public struct ContinuousScaleFormat: Codable, Hashable, Sendable {
    /// The lowest accepted value, if bounded.
    public var minimum: Double
    /// The highest accepted value, if bounded.
    public var maximum: Double
    /// Digits after the decimal point, 0...4.
    public var fractionDigits: Int
    /// The starting value, if any.
    public var defaultValue: Double?
    /// Whether the slider is drawn vertically.
    public var vertical: Bool
    /// Text shown at the minimum end.
    public var minimumDescription: String?
    /// Text shown at the maximum end.
    public var maximumDescription: String?
    /// Shown when set: lets the participant answer "don't know".
    public var dontKnow: DontKnowButton?

    /// Creates a `ContinuousScaleFormat` from its members.
    public init(
        minimum: Double,
        maximum: Double,
        fractionDigits: Int = 0,
        defaultValue: Double? = nil,
        vertical: Bool = false,
        minimumDescription: String? = nil,
        maximumDescription: String? = nil,
        dontKnow: DontKnowButton? = nil
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.fractionDigits = fractionDigits
        self.defaultValue = defaultValue
        self.vertical = vertical
        self.minimumDescription = minimumDescription
        self.maximumDescription = maximumDescription
        self.dontKnow = dontKnow
    }

    private enum CodingKeys: String, CodingKey {
        case minimum, maximum, fractionDigits, defaultValue, vertical, minimumDescription, maximumDescription
        case dontKnow
    }

    /// Decodes a slider; missing `fractionDigits` are 0 and a missing `vertical` false.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            minimum: try c.decode(Double.self, forKey: .minimum),
            maximum: try c.decode(Double.self, forKey: .maximum),
            fractionDigits: try c.decodeIfPresent(Int.self, forKey: .fractionDigits) ?? 0,
            defaultValue: try c.decodeIfPresent(Double.self, forKey: .defaultValue),
            vertical: try c.decodeIfPresent(Bool.self, forKey: .vertical) ?? false,
            minimumDescription: try c.decodeIfPresent(String.self, forKey: .minimumDescription),
            maximumDescription: try c.decodeIfPresent(String.self, forKey: .maximumDescription),
            dontKnow: try c.decodeIfPresent(DontKnowButton.self, forKey: .dontKnow)
        )
    }
}

/// A slider over 2...8 labelled choices.
public struct TextScaleFormat: Codable, Hashable, Sendable {
    /// The choices, in the order shown.
    public var choices: [Choice]
    /// The position of the choice picked at the start, if any.
    public var defaultIndex: Int?
    /// Whether the slider is drawn vertically.
    public var vertical: Bool
    /// Shown when set: lets the participant answer "don't know".
    public var dontKnow: DontKnowButton?

    /// Creates a `TextScaleFormat` from its members.
    public init(choices: [Choice], defaultIndex: Int? = nil, vertical: Bool = false, dontKnow: DontKnowButton? = nil) {
        self.choices = choices
        self.defaultIndex = defaultIndex
        self.vertical = vertical
        self.dontKnow = dontKnow
    }

    private enum CodingKeys: String, CodingKey {
        case choices, defaultIndex, vertical, dontKnow
    }

    /// Decodes a text scale; a missing `vertical` is false.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            choices: try c.decode([Choice].self, forKey: .choices),
            defaultIndex: try c.decodeIfPresent(Int.self, forKey: .defaultIndex),
            vertical: try c.decodeIfPresent(Bool.self, forKey: .vertical) ?? false,
            dontKnow: try c.decodeIfPresent(DontKnowButton.self, forKey: .dontKnow)
        )
    }
}
