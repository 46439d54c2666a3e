import Foundation

/// A time of day on a wall clock, without a date or time zone: "08:00".
public struct LocalTime: Hashable, Comparable, Sendable {
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int
    /// The second, 0 to 59.
    public let second: Int

    /// Creates a time of day, or nil when a component is out of range.
    public init?(hour: Int, minute: Int = 0, second: Int = 0) {
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The time `seconds` after midnight (0 to 86 399).
    init(secondsSinceMidnight seconds: Int) {
        hour = seconds / 3600
        minute = seconds / 60 % 60
        second = seconds % 60
    }

    /// 00:00:00.
    public static let midnight = LocalTime(secondsSinceMidnight: 0)

    /// Seconds since midnight.
    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

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

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let time = LocalTime(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected a time HH:MM[:SS], got '\(text)'")
            )
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
