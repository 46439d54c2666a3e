/// The step between two occurrences of a schedule element.
///
/// Days, weeks and months are **wall-clock** steps: "daily at 08:00" stays 08:00 across daylight-saving changes.
/// Hours, minutes and seconds are **elapsed** steps: "every 8 hours" means 8 real hours apart, so the wall-clock
/// time shifts by the change. Encoded as `{"days": 1}`, `{"weeks": 1}`, `{"months": 1}`, `{"hours": 8}`,
/// `{"minutes": 30}` or `{"seconds": 1}`.
public enum ScheduleInterval: Hashable, Sendable {
    /// Every n days.
    case days(Int)
    /// Every n weeks (7 n days).
    case weeks(Int)
    /// Every n months, on the start's day clamped to each month's length.
    case months(Int)
    /// Every n elapsed hours.
    case hours(Int)
    /// Every n elapsed minutes.
    case minutes(Int)
    /// Every n elapsed seconds.
    case seconds(Int)

    /// The largest accepted count: 1000 years in this interval's unit.
    public var maximumCount: Int {
        switch self {
        case .days: 366_000
        case .weeks: 52_200
        case .months: 12_000
        case .hours: 8_784_000
        case .minutes: 527_040_000
        case .seconds: 31_622_400_000
        }
    }

    /// The number of units in one step.
    public var count: Int {
        switch self {
        case .days(let count), .weeks(let count), .months(let count), .hours(let count), .minutes(let count),
            .seconds(let count):
            count
        }
    }

    /// Whether the step is elapsed time (hours, minutes, seconds) rather than wall-clock time.
    public var isElapsed: Bool {
        switch self {
        case .days, .weeks, .months: false
        case .hours, .minutes, .seconds: true
        }
    }

    /// The step in seconds, nominal for days and weeks, elapsed for hours, minutes and seconds; nil for months.
    ///
    /// The count is clamped to `1...maximumCount` first, so an invalid interval (which `Schedule.validate`
    /// refuses) gives meaningless events instead of an overflow.
    var fixedSeconds: Int? {
        let units = boundedCount
        switch self {
        case .days: return units * CivilCalendar.secondsPerDay
        case .weeks: return units * 7 * CivilCalendar.secondsPerDay
        case .months: return nil
        case .hours: return units * 3600
        case .minutes: return units * 60
        case .seconds: return units
        }
    }

    /// The count clamped to `1...maximumCount`.
    var boundedCount: Int { min(max(count, 1), maximumCount) }
}

extension ScheduleInterval: Codable {
    private enum CodingKeys: String, CodingKey {
        case days, weeks, months, hours, minutes, seconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "an interval has exactly one of \"days\", \"weeks\", \"months\", \"hours\", \"minutes\" or "
                        + "\"seconds\""
                )
            )
        }
        let count = try container.decodeWholeNumber(forKey: key)
        switch key {
        case .days: self = .days(count)
        case .weeks: self = .weeks(count)
        case .months: self = .months(count)
        case .hours: self = .hours(count)
        case .minutes: self = .minutes(count)
        case .seconds: self = .seconds(count)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .days(let count): try container.encode(count, forKey: .days)
        case .weeks(let count): try container.encode(count, forKey: .weeks)
        case .months(let count): try container.encode(count, forKey: .months)
        case .hours(let count): try container.encode(count, forKey: .hours)
        case .minutes(let count): try container.encode(count, forKey: .minutes)
        case .seconds(let count): try container.encode(count, forKey: .seconds)
        }
    }
}
