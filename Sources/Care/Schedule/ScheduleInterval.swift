/// The step between two occurrences of a schedule element: a number of days, weeks or months.
///
/// Encoded as `{"days": 1}`, `{"weeks": 1}` or `{"months": 1}`.
public enum ScheduleInterval: Hashable, Sendable {
    /// Every n days.
    case days(Int)
    /// Every n weeks (7 n days).
    case weeks(Int)
    /// Every n months, on the start's day clamped to each month's length.
    case months(Int)

    /// The largest accepted count: 1000 years in this interval's unit.
    public var maximumCount: Int {
        switch self {
        case .days: 366_000
        case .weeks: 52_200
        case .months: 12_000
        }
    }

    /// The number of units in one step.
    public var count: Int {
        switch self {
        case .days(let count), .weeks(let count), .months(let count): count
        }
    }
}

extension ScheduleInterval: Codable {
    private enum CodingKeys: String, CodingKey {
        case days, weeks, months
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "an interval has exactly one of \"days\", \"weeks\" or \"months\""
                )
            )
        }
        let count = try container.decode(Int.self, forKey: key)
        switch key {
        case .days: self = .days(count)
        case .weeks: self = .weeks(count)
        case .months: self = .months(count)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .days(let count): try container.encode(count, forKey: .days)
        case .weeks(let count): try container.encode(count, forKey: .weeks)
        case .months(let count): try container.encode(count, forKey: .months)
        }
    }
}
