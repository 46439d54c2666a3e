import Foundation

/// A wall-clock time of day, written `HH:mm`.
public struct TimeOfDay: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The hour, 0...23.
    public var hour: Int
    /// The minute, 0...59.
    public var minute: Int

    /// Creates a time; `nil` outside 00:00...23:59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:mm` (seconds, if given as `HH:mm:ss`, must be zero).
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || (parts.count == 3 && parts[2] == "00"), parts[0].count == 2, parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// The `HH:mm` form, zero-padded: `08:30`.
    public var description: String { String(format: "%02d:%02d", hour, minute) }

    /// Orders earlier before later.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }

    /// Decodes an `HH:mm` string (or `HH:mm:00`); anything else is `dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let time = TimeOfDay(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a time like 08:30")
        }
        self = time
    }

    /// Encodes the `HH:mm` form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
