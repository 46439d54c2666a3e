import Foundation

/// A yes/no question with optional custom labels.
public struct BooleanFormat: Codable, Hashable, Sendable {
    /// The label of the yes button; `nil` shows the default.
    public var yesText: String?
    /// The label of the no button; `nil` shows the default.
    public var noText: String?

    /// Creates a `BooleanFormat` from its members.
    public init(yesText: String? = nil, noText: String? = nil) {
        self.yesText = yesText
        self.noText = noText
    }
}

/// A typed number with an optional unit and bounds.
public struct NumericFormat: Codable, Hashable, Sendable {
    /// Whole numbers only, or numbers with a fraction.
    public enum Style: String, Codable, Hashable, Sendable {
        case integer, decimal
    }

    /// How it is presented.
    public var style: Style
    /// The unit shown after the number, such as `kg`.
    public var unit: String?
    /// The lowest accepted value, if bounded.
    public var minimum: Double?
    /// The highest accepted value, if bounded.
    public var maximum: Double?
    /// Hint text shown while the field is empty.
    public var placeholder: String?

    /// Creates a `NumericFormat` from its members.
    public init(
        style: Style,
        unit: String? = nil,
        minimum: Double? = nil,
        maximum: Double? = nil,
        placeholder: String? = nil
    ) {
        self.style = style
        self.unit = unit
        self.minimum = minimum
        self.maximum = maximum
        self.placeholder = placeholder
    }
}

/// Free text with an optional length limit and validation pattern.
public struct TextFormat: Codable, Hashable, Sendable {
    /// The length an answer may have when `maximumLength` is 0 ("no limit"), so no answer is unbounded.
    public static let unlimitedLength = 100_000

    /// The most characters accepted; 0 means no limit.
    public var maximumLength: Int
    /// Whether the answer may span several lines.
    public var multipleLines: Bool
    /// Whether a character counter is shown.
    public var showsCharacterCount: Bool
    /// Whether a button that clears the answer is shown.
    public var showsClearButton: Bool
    /// A regular expression the whole answer must match.
    public var pattern: String?
    /// Shown when the answer does not match `pattern`; required with a pattern.
    public var invalidMessage: String?
    /// Hint text shown while the field is empty.
    public var placeholder: String?

    /// Creates a `TextFormat` from its members.
    public init(
        maximumLength: Int = 0,
        multipleLines: Bool = false,
        showsCharacterCount: Bool = false,
        showsClearButton: Bool = false,
        pattern: String? = nil,
        invalidMessage: String? = nil,
        placeholder: String? = nil
    ) {
        self.maximumLength = maximumLength
        self.multipleLines = multipleLines
        self.showsCharacterCount = showsCharacterCount
        self.showsClearButton = showsClearButton
        self.pattern = pattern
        self.invalidMessage = invalidMessage
        self.placeholder = placeholder
    }

    private enum CodingKeys: String, CodingKey {
        case maximumLength, multipleLines, showsCharacterCount, showsClearButton, pattern, invalidMessage, placeholder
    }

    /// Decodes a text format; a missing `maximumLength` is 0 (no limit) and a missing flag false.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            maximumLength: try c.decodeIfPresent(Int.self, forKey: .maximumLength) ?? 0,
            multipleLines: try c.decodeIfPresent(Bool.self, forKey: .multipleLines) ?? false,
            showsCharacterCount: try c.decodeIfPresent(Bool.self, forKey: .showsCharacterCount) ?? false,
            showsClearButton: try c.decodeIfPresent(Bool.self, forKey: .showsClearButton) ?? false,
            pattern: try c.decodeIfPresent(String.self, forKey: .pattern),
            invalidMessage: try c.decodeIfPresent(String.self, forKey: .invalidMessage),
            placeholder: try c.decodeIfPresent(String.self, forKey: .placeholder)
        )
    }
}

/// The MacArthur socio-economic ladder: 10 rungs, index 0 is the top rung.
public struct LadderFormat: Codable, Hashable, Sendable {
    /// The number of rungs of the ladder.
    public static let rungCount = 10
    /// The label of the top rung (index 0).
    public var topText: String?
    /// The label of the bottom rung (index 9).
    public var bottomText: String?

    /// Creates a `LadderFormat` from its members.
    public init(topText: String? = nil, bottomText: String? = nil) {
        self.topText = topText
        self.bottomText = bottomText
    }
}

/// A calendar day between optional bounds.
public struct DateFormat: Codable, Hashable, Sendable {
    /// The lowest accepted value, if bounded.
    public var minimum: CalendarDate?
    /// The highest accepted value, if bounded.
    public var maximum: CalendarDate?

    /// Creates a `DateFormat` from its members.
    public init(minimum: CalendarDate? = nil, maximum: CalendarDate? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// A date and time between optional bounds.
public struct DateTimeFormat: Codable, Hashable, Sendable {
    /// The lowest accepted value, if bounded.
    public var minimum: Date?
    /// The highest accepted value, if bounded.
    public var maximum: Date?

    /// Creates a `DateTimeFormat` from its members.
    public init(minimum: Date? = nil, maximum: Date? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// A time of day with an optional default.
public struct TimeOfDayFormat: Codable, Hashable, Sendable {
    /// The starting value, if any.
    public var defaultValue: TimeOfDay?

    /// Creates a `TimeOfDayFormat` from its members.
    public init(defaultValue: TimeOfDay? = nil) { self.defaultValue = defaultValue }
}

/// A duration picked in minute steps, at most 24 hours.
public struct TimeIntervalFormat: Codable, Hashable, Sendable {
    /// The longest duration a time interval may offer: 24 hours.
    public static let longest: TimeInterval = 24 * 3600
    /// The picker's step in minutes, 1...30.
    public var stepMinutes: Int
    /// The longest duration in seconds, at most 24 hours.
    public var maximum: TimeInterval

    /// Creates a `TimeIntervalFormat` from its members.
    public init(stepMinutes: Int = 1, maximum: TimeInterval = TimeIntervalFormat.longest) {
        self.stepMinutes = stepMinutes
        self.maximum = maximum
    }
}

/// How height and weight are shown to the participant; results are always metric.
public enum MeasurementSystem: String, Codable, Hashable, Sendable {
    case metric, usCustomary
}

/// A body height; the answer is in centimetres.
public struct HeightFormat: Codable, Hashable, Sendable {
    /// The accepted range of answers.
    public static let plausible: ClosedRange<Double> = 1...300
    /// How the value is shown to the participant; the answer is always metric.
    public var system: MeasurementSystem

    /// Creates a `HeightFormat` from its members.
    public init(system: MeasurementSystem = .metric) { self.system = system }
}

/// A body weight; the answer is in kilograms.
public struct WeightFormat: Codable, Hashable, Sendable {
    /// The accepted range of answers.
    public static let plausible: ClosedRange<Double> = 0.1...1000
    /// How the value is shown to the participant; the answer is always metric.
    public var system: MeasurementSystem
    /// The lowest accepted value, if bounded.
    public var minimum: Double?
    /// The highest accepted value, if bounded.
    public var maximum: Double?

    /// Creates a `WeightFormat` from its members.
    public init(system: MeasurementSystem = .metric, minimum: Double? = nil, maximum: Double? = nil) {
        self.system = system
        self.minimum = minimum
        self.maximum = maximum
    }
}
