import Foundation

/// One typed answer to a question, including the explicit states "don't know" and "skipped".
///
/// JSON: `{"type": "integer", "value": 3}`, `{"type": "choices", "values": ["a"], "other": "..."}`,
/// `{"type": "dontKnow"}` (docs/survey-json.md).
public enum Answer: Hashable, Sendable {
    /// A whole number: scale, integer numeric, socio-economic ladder rung index (0 = top).
    case integer(Int)
    /// A number with a fraction: continuous scale, decimal numeric, height (cm), weight (kg).
    case decimal(Double)
    /// Free text.
    case text(String)
    /// Picked choice values (text choice, text scale), with the free text of the "other" choice.
    case choices([String], other: String?)
    /// Yes or no.
    case boolean(Bool)
    /// A calendar day.
    case date(CalendarDate)
    /// An instant.
    case dateTime(Date)
    /// A wall-clock time of day.
    case timeOfDay(TimeOfDay)
    /// A duration in seconds.
    case interval(TimeInterval)
    /// A place.
    case location(Location)
    /// The participant said they do not know (or prefer not to answer).
    case dontKnow
    /// The participant skipped an optional question or step.
    case skipped

    /// The JSON `type` of this answer.
    public var typeName: String {
        switch self {
        case .integer: "integer"
        case .decimal: "decimal"
        case .text: "text"
        case .choices: "choices"
        case .boolean: "boolean"
        case .date: "date"
        case .dateTime: "dateTime"
        case .timeOfDay: "timeOfDay"
        case .interval: "interval"
        case .location: "location"
        case .dontKnow: "dontKnow"
        case .skipped: "skipped"
        }
    }

    /// The answer as a number, when it is one.
    public var numericValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .decimal(let value): value
        case .interval(let value): value
        default: nil
        }
    }

    /// A short human-readable form, for review lists and logs the participant sees.
    public var displayText: String {
        switch self {
        case .integer(let value): String(value)
        case .decimal(let value): String(value)
        case .text(let value): value
        case .choices(let values, let other): (values + (other.map { [$0] } ?? [])).joined(separator: ", ")
        case .boolean(let value): value ? "Yes" : "No"
        case .date(let value): value.description
        case .dateTime(let value): SurveyJSON.formatDate(value)
        case .timeOfDay(let value): value.description
        case .interval(let value): "\(Int(value / 60)) min"
        case .location(let value): value.address ?? "\(value.latitude), \(value.longitude)"
        case .dontKnow: "Don't know"
        case .skipped: "Skipped"
        }
    }
}

extension Answer: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, value, values, other
    }

    static let typeNames = [
        "integer", "decimal", "text", "choices", "boolean", "date", "dateTime", "timeOfDay", "interval",
        "location", "dontKnow", "skipped",
    ]

    /// Decodes `{"type": ..., "value": ...}`; choices carry `values` and an optional `other`, `dontKnow` and
    /// `skipped` carry nothing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "integer": self = .integer(try container.decode(Int.self, forKey: .value))
        case "decimal": self = .decimal(try container.decode(Double.self, forKey: .value))
        case "text": self = .text(try container.decode(String.self, forKey: .value))
        case "choices":
            self = .choices(
                try container.decode([String].self, forKey: .values),
                other: try container.decodeIfPresent(String.self, forKey: .other)
            )
        case "boolean": self = .boolean(try container.decode(Bool.self, forKey: .value))
        case "date": self = .date(try container.decode(CalendarDate.self, forKey: .value))
        case "dateTime": self = .dateTime(try container.decode(Date.self, forKey: .value))
        case "timeOfDay": self = .timeOfDay(try container.decode(TimeOfDay.self, forKey: .value))
        case "interval": self = .interval(try container.decode(Double.self, forKey: .value))
        case "location": self = .location(try container.decode(Location.self, forKey: .value))
        case "dontKnow": self = .dontKnow
        case "skipped": self = .skipped
        default: throw decoder.unknownType(type, of: "answer", expected: Self.typeNames)
        }
    }

    /// Encodes `{"type": ..., "value": ...}`; choices write `values` and `other`, `dontKnow` and `skipped` only the
    /// `type`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeName, forKey: .type)
        switch self {
        case .integer(let value): try container.encode(value, forKey: .value)
        case .decimal(let value): try container.encode(value, forKey: .value)
        case .text(let value): try container.encode(value, forKey: .value)
        case .choices(let values, let other):
            try container.encode(values, forKey: .values)
            try container.encodeIfPresent(other, forKey: .other)
        case .boolean(let value): try container.encode(value, forKey: .value)
        case .date(let value): try container.encode(value, forKey: .value)
        case .dateTime(let value): try container.encode(value, forKey: .value)
        case .timeOfDay(let value): try container.encode(value, forKey: .value)
        case .interval(let value): try container.encode(value, forKey: .value)
        case .location(let value): try container.encode(value, forKey: .value)
        case .dontKnow, .skipped: break
        }
    }
}
