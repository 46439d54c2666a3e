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
    public var maximumCount: Int { parts.maximumCount }

    /// The number of units in one step.
    public var count: Int { parts.count }

    /// Whether the step is elapsed time (hours, minutes, seconds) rather than wall-clock time.
    public var isElapsed: Bool { parts.isElapsed }

    /// Everything the other properties derive from, read with one switch: a schedule query reads several of them
    /// for each element.
    private var parts: (unitSeconds: Int, count: Int, maximumCount: Int, isElapsed: Bool) {
        switch self {
        case .days(let count): (CivilCalendar.secondsPerDay, count, 366_000, false)
        case .weeks(let count): (7 * CivilCalendar.secondsPerDay, count, 52_200, false)
        case .months(let count): (0, count, 12_000, false)
        case .hours(let count): (3600, count, 8_784_000, true)
        case .minutes(let count): (60, count, 527_040_000, true)
        case .seconds(let count): (1, count, 31_622_400_000, true)
        }
    }

    /// The step as a schedule's arithmetic uses it: seconds (nominal for days and weeks, elapsed for hours,
    /// minutes and seconds; nil for months), the count clamped to `1...maximumCount`, and whether it is elapsed.
    ///
    /// Clamping first means an invalid interval (which `Schedule.validate` refuses) gives meaningless events
    /// instead of an overflow.
    var step: (seconds: Int?, boundedCount: Int, isElapsed: Bool) {
        let parts = parts
        let units = min(max(parts.count, 1), parts.maximumCount)
        return (parts.unitSeconds == 0 ? nil : units * parts.unitSeconds, units, parts.isElapsed)
    }
}

extension ScheduleInterval: Codable {
    private enum CodingKeys: String, CodingKey {
        case days, weeks, months, hours, minutes, seconds
    }

    /// Decodes an object with exactly one member, the unit, holding a whole number: `{"hours": 8}`.
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

    /// Encodes an object with one member, the unit: `{"days": 1}`.
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
