import Foundation

extension LocalDateTime {
    /// The instant this wall-clock time names in `zone`.
    ///
    /// A time inside a spring-forward gap moves forward by the length of the gap (02:30 becomes 03:30 that
    /// day); an ambiguous fall-back time takes its first occurrence (the earlier instant).
    public func instant(in zone: TimeZone) -> Date {
        instant(in: ZoneRules.cached(zone))
    }

    /// The instant this wall-clock time names under `rules` (as the `TimeZone` form does).
    public func instant(in rules: ZoneRules) -> Date {
        Date(timeIntervalSince1970: Double(rules.instant(ofNominal: nominalSeconds)))
    }

    /// The wall-clock time of `instant` in `zone`, to the whole second.
    public init(instant: Date, in zone: TimeZone) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        self.init(nominalSeconds: seconds + zone.secondsFromGMT(for: instant))
    }
}

/// Formats instants as ISO 8601 local date-times with the zone's offset: `2025-03-09T03:30:00-04:00`.
public enum ZonedTimeFormat {
    /// `instant` as a local date-time in `zone` with its UTC offset.
    public static func string(_ instant: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: instant)
        let local = LocalDateTime(instant: instant, in: zone)
        return "\(local)\(offsetString(offset))"
    }

    /// A UTC offset as `+HH:MM` or `-HH:MM`.
    public static func offsetString(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return "\(sign)\(ISOText.padded(minutes / 60, 2)):\(ISOText.padded(minutes % 60, 2))"
    }
}
