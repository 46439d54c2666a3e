import Foundation

extension LocalDateTime {
    /// The instant this wall-clock time names in `zone`.
    ///
    /// A time inside a spring-forward gap moves forward by the length of the gap (02:30 becomes 03:30 that
    /// day); an ambiguous fall-back time takes its first occurrence (the earlier instant).
    public func instant(in zone: TimeZone) -> Date {
        let nominal = nominalSeconds
        // Offsets one day either side bracket the answer: a zone's offset is never more than 14 hours.
        let earlyOffset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(nominal - 86_400)))
        let lateOffset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(nominal + 86_400)))
        let early = nominal - earlyOffset
        if earlyOffset == lateOffset {
            return Date(timeIntervalSince1970: Double(early))
        }
        let late = nominal - lateOffset
        let earlyValid = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(early))) == earlyOffset
        let lateValid = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(late))) == lateOffset
        switch (earlyValid, lateValid) {
        case (true, true): return Date(timeIntervalSince1970: Double(min(early, late)))
        case (false, true): return Date(timeIntervalSince1970: Double(late))
        // Valid only with the earlier offset, or a gap: the earlier offset moves the time forward by the gap.
        case (true, false), (false, false): return Date(timeIntervalSince1970: Double(early))
        }
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
