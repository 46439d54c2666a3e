/// How long each event of a schedule element lasts: the whole local day, or a number of seconds.
///
/// Encoded as `"allDay"` or `{"seconds": 3600}`.
public enum ScheduleDuration: Hashable, Sendable {
    /// The whole local day, midnight to midnight.
    case allDay
    /// A number of elapsed seconds from the start.
    case seconds(Int)

    /// One hour.
    public static let hour = ScheduleDuration.seconds(3600)
}

extension ScheduleDuration: Codable {
    private enum CodingKeys: String, CodingKey {
        case seconds
    }

    /// Decodes `"allDay"` or `{"seconds": n}` with a whole number `n`.
    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            guard text == "allDay" else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "unknown duration '\(text)'")
                )
            }
            self = .allDay
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self = .seconds(try container.decodeWholeNumber(forKey: .seconds))
    }

    /// Encodes `"allDay"` or `{"seconds": n}`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .allDay:
            var container = encoder.singleValueContainer()
            try container.encode("allDay")
        case .seconds(let seconds):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(seconds, forKey: .seconds)
        }
    }
}
