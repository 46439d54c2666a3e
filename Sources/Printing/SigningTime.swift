import Foundation
import RecoverData

/// The instant of signing on the participant's clock, with the UTC offset recorded at signing (not today's rules
/// for their zone), and in UTC.
struct SigningTime {
    /// `2027-01-15 16:00:00 UTC+08:00 (Asia/Shanghai)`.
    let local: String
    /// `2027-01-15 08:00:00 UTC`.
    let utc: String
    /// `2027-01-15`, the participant's day of signing.
    let localDay: String

    init(_ record: ConsentRecord) {
        let seconds = Self.offsetSeconds(record.utcOffset)
        let zone = seconds.flatMap { TimeZone(secondsFromGMT: $0) } ?? .gmt
        let (day, time) = Self.format(record.signedAt, in: zone)
        let offset = seconds == nil ? "" : " UTC\(record.utcOffset)"
        local = "\(day) \(time)\(offset) (\(record.timeZoneIdentifier))"
        let (utcDay, utcTime) = Self.format(record.signedAt, in: .gmt)
        utc = "\(utcDay) \(utcTime) UTC"
        localDay = day
    }

    private static func format(_ date: Date, in zone: TimeZone) -> (String, String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return (
            "\(String(format: "%04d", parts.year ?? 0))-\(two(parts.month))-\(two(parts.day))",
            "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
        )
    }

    /// `+08:00` or `-05:30` as seconds east of UTC; nil for anything else.
    static func offsetSeconds(_ offset: String) -> Int? {
        let utf8 = Array(offset.utf8)
        guard utf8.count == 6, utf8[0] == 0x2B || utf8[0] == 0x2D, utf8[3] == 0x3A,
            let hours = Int(offset.dropFirst().prefix(2)), let minutes = Int(offset.suffix(2)),
            (0...18).contains(hours), (0...59).contains(minutes)
        else { return nil }
        return (utf8[0] == 0x2D ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
