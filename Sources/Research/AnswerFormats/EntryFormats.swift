import Foundation

/// A yes/no question with optional custom labels.
public struct BooleanFormat: Codable, Hashable, Sendable {
    public var yesText: String?
    public var noText: String?

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

    public var style: Style
    public var unit: String?
    public var minimum: Double?
    public var maximum: Double?
    public var placeholder: String?

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
    /// The most characters accepted; 0 means no limit.
    public var maximumLength: Int
    public var multipleLines: Bool
    public var showsCharacterCount: Bool
    public var showsClearButton: Bool
    /// A regular expression the whole answer must match.
    public var pattern: String?
    /// Shown when the answer does not match `pattern`; required with a pattern.
    public var invalidMessage: String?
    public var placeholder: String?

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
    public static let rungCount = 10
    public var topText: String?
    public var bottomText: String?

    public init(topText: String? = nil, bottomText: String? = nil) {
        self.topText = topText
        self.bottomText = bottomText
    }
}

/// A calendar day between optional bounds.
public struct DateFormat: Codable, Hashable, Sendable {
    public var minimum: CalendarDate?
    public var maximum: CalendarDate?

    public init(minimum: CalendarDate? = nil, maximum: CalendarDate? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// A date and time between optional bounds.
public struct DateTimeFormat: Codable, Hashable, Sendable {
    public var minimum: Date?
    public var maximum: Date?

    public init(minimum: Date? = nil, maximum: Date? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// A time of day with an optional default.
public struct TimeOfDayFormat: Codable, Hashable, Sendable {
    public var defaultValue: TimeOfDay?

    public init(defaultValue: TimeOfDay? = nil) { self.defaultValue = defaultValue }
}

/// A duration picked in minute steps, at most 24 hours.
public struct TimeIntervalFormat: Codable, Hashable, Sendable {
    public static let longest: TimeInterval = 24 * 3600
    /// The picker's step in minutes, 1...30.
    public var stepMinutes: Int
    /// The longest duration in seconds, at most 24 hours.
    public var maximum: TimeInterval

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
    public static let plausible: ClosedRange<Double> = 1...300
    public var system: MeasurementSystem

    public init(system: MeasurementSystem = .metric) { self.system = system }
}

/// A body weight; the answer is in kilograms.
public struct WeightFormat: Codable, Hashable, Sendable {
    public static let plausible: ClosedRange<Double> = 0.1...1000
    public var system: MeasurementSystem
    public var minimum: Double?
    public var maximum: Double?

    public init(system: MeasurementSystem = .metric, minimum: Double? = nil, maximum: Double? = nil) {
        self.system = system
        self.minimum = minimum
        self.maximum = maximum
    }
}
