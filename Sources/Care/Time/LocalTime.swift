import Foundation

/// A time of day on a wall clock, without a date or time zone: "08:00".
public struct LocalTime: Hashable, Comparable, Sendable {
    /// Seconds since midnight, 0 to 86 399: the one stored value, so that a schedule makes a time from an event's
    /// key, and reads a start's seconds back, without any arithmetic.
    private let seconds: Int32

    /// The hour, 0 to 23.
    public var hour: Int { Int(seconds) / 3600 }
    /// The minute, 0 to 59.
    public var minute: Int { Int(seconds) / 60 % 60 }
    /// The second, 0 to 59.
    public var second: Int { Int(seconds) % 60 }

    /// Creates a time of day, or nil when a component is out of range.
    public init?(hour: Int, minute: Int = 0, second: Int = 0) {
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        seconds = Int32(hour * 3600 + minute * 60 + second)
    }

    /// The time `seconds` after midnight (0 to 86 399; callers reduce a key modulo a day first).
    init(secondsSinceMidnight seconds: Int) {
        self.seconds = Int32(truncatingIfNeeded: seconds)
    }

    /// 00:00:00.
    public static let midnight = LocalTime(secondsSinceMidnight: 0)

    /// Seconds since midnight.
    public var secondsSinceMidnight: Int { Int(seconds) }

    /// Earlier on the clock face: 23:59 is after 00:00.
    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
    }
}

extension LocalTime: CustomStringConvertible, LosslessStringConvertible, Codable {
    /// The ISO 8601 form `HH:MM:SS`.
    public var description: String {
        "\(ISOText.padded(hour, 2)):\(ISOText.padded(minute, 2)):\(ISOText.padded(second, 2))"
    }

    /// Parses `HH:MM` or `HH:MM:SS`.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
            let hour = ISOText.number(parts[0]), let minute = ISOText.number(parts[1])
        else { return nil }
        let second = parts.count == 3 ? ISOText.number(parts[2]) : 0
        guard let second else { return nil }
        self.init(hour: hour, minute: minute, second: second)
    }

    /// Decodes `HH:MM` or `HH:MM:SS`; anything else is `dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let time = LocalTime(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected a time HH:MM[:SS], got '\(text)'")
            )
        }
        self = time
    }

    /// Encodes the `HH:MM:SS` form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
