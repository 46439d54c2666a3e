import Foundation

/// Places instants on the local calendar of one time zone, asking Foundation once per UTC day, not per sample.
///
/// Each UTC day's offset at midnight and its one possible transition (DST or a change of standard offset) are
/// cached, so a lookup is a division and a comparison; zones with two transitions inside one UTC day do not
/// exist in the tz database's range this import accepts.
final class LocalClock {
    /// A local position: days since 1970-01-01 on the local calendar, and seconds into that local day.
    struct Position {
        let day: Int
        let secondOfDay: Int
    }

    private struct DayOffsets {
        let before: Int64
        let transition: Int64
        let after: Int64
    }

    private let zone: TimeZone
    private var cache: [Int64: DayOffsets] = [:]
    private var lastDay: Int64 = .min
    private var last = DayOffsets(before: 0, transition: .max, after: 0)

    init(zone: TimeZone) {
        self.zone = zone
    }

    /// The local position of `instant` (seconds since 1970 UTC, within the timestamp parser's years).
    func position(of instant: Int64) -> Position {
        let local = instant + offset(at: instant)
        let day = local.floorDivided(by: 86_400)
        return Position(day: Int(day), secondOfDay: Int(local - day * 86_400))
    }

    /// The zone's offset from UTC at `instant`, seconds.
    func offset(at instant: Int64) -> Int64 {
        let utcDay = instant.floorDivided(by: 86_400)
        if utcDay != lastDay {
            last = cache[utcDay] ?? offsets(onUTCDay: utcDay)
            lastDay = utcDay
        }
        return instant < last.transition ? last.before : last.after
    }

    private func offsets(onUTCDay utcDay: Int64) -> DayOffsets {
        let midnight = Date(timeIntervalSince1970: TimeInterval(utcDay * 86_400))
        let before = Int64(zone.secondsFromGMT(for: midnight))
        var found = DayOffsets(before: before, transition: .max, after: before)
        if let next = zone.nextDaylightSavingTimeTransition(after: midnight),
            next.timeIntervalSince1970 < TimeInterval((utcDay + 1) * 86_400)
        {
            let at = Int64(next.timeIntervalSince1970.rounded(.up))
            found = DayOffsets(before: before, transition: at, after: Int64(zone.secondsFromGMT(for: next)))
        }
        cache[utcDay] = found
        return found
    }
}

extension Int64 {
    /// Division rounding towards negative infinity (instants before 1970 fall on the right day).
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }
}
