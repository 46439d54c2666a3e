import Care
import Foundation

/// A `VTIMEZONE` (RFC 5545, 3.6.5) for one zone, written from Foundation's `TimeZone` transitions (the system's
/// tz data) so a client need not know the zone's name: the observance in effect when a window starts, then one
/// `STANDARD` or `DAYLIGHT` per change of offset inside the window, each with `TZOFFSETFROM`, `TZOFFSETTO` and
/// its onset as `DTSTART` (local time before the change). A zone without changes gets one `STANDARD`.
///
/// ```swift
/// let zone = ICalendarTimeZone(TimeZone(identifier: "Europe/Berlin")!, from: start, to: end)
/// zone.write(to: &lines)
/// ```
public struct ICalendarTimeZone: Hashable, Sendable {
    /// One observance: from its onset on, the zone is `offsetTo` seconds from UTC.
    public struct Observance: Hashable, Sendable {
        /// `DAYLIGHT` rather than `STANDARD`.
        public var isDaylight: Bool
        /// The instant of the change.
        public var onset: Date
        /// The offset before the change, in seconds east of UTC.
        public var offsetFrom: Int
        /// The offset from the change on.
        public var offsetTo: Int
        /// The zone's abbreviation from the change on (`CEST`), when the system has one.
        public var name: String?

        /// `DTSTART`: the onset as local time in the offset before the change (RFC 5545's rule).
        public var localOnset: String {
            ICalendarTime.local(LocalDateTime(instant: onset.addingTimeInterval(TimeInterval(offsetFrom)), in: .gmt))
        }
    }

    /// How far before a window the observance in effect at its start is looked for: more than a year, so a
    /// zone with yearly changes always has one.
    static let lookBack: TimeInterval = 400 * 86_400

    /// The zone's identifier, the `TZID` events refer to.
    public var identifier: String
    /// The observances, oldest first.
    public var observances: [Observance]

    /// The observances of `zone` from the one in effect at `start` through the last change before `end`.
    public init(_ zone: TimeZone, from start: Date, to end: Date) {
        identifier = zone.identifier
        var changes: [Observance] = []
        var cursor = start.addingTimeInterval(-Self.lookBack)
        while let change = zone.nextDaylightSavingTimeTransition(after: cursor), change < end, change > cursor {
            let before = zone.secondsFromGMT(for: change.addingTimeInterval(-1))
            let after = zone.secondsFromGMT(for: change)
            if before != after
                || zone.isDaylightSavingTime(for: change.addingTimeInterval(-1))
                    != zone.isDaylightSavingTime(for: change)
            {
                changes.append(
                    Observance(
                        isDaylight: zone.isDaylightSavingTime(for: change), onset: change, offsetFrom: before,
                        offsetTo: after, name: zone.abbreviation(for: change)))
            }
            cursor = change
        }
        // The changes before the window matter only for the last of them, the one in effect at its start.
        let inEffect = changes.last { $0.onset <= start }
        let later = changes.filter { $0.onset > start }
        if let inEffect {
            observances = [inEffect] + later
        } else {
            let offset = zone.secondsFromGMT(for: start)
            let first = Observance(
                isDaylight: zone.isDaylightSavingTime(for: start), onset: Self.epochOnset(offset: offset),
                offsetFrom: offset, offsetTo: offset, name: zone.abbreviation(for: start))
            observances = [first] + later
        }
    }

    /// The instant that is 1970-01-01T00:00:00 local time at `offset`: the onset written for a zone's only
    /// observance.
    static func epochOnset(offset: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(-offset)) }

    /// Writes the `VTIMEZONE` component.
    public func write(to lines: inout ICalendarText) {
        lines.add("BEGIN", "VTIMEZONE")
        lines.add("TZID", identifier)
        for observance in observances {
            let kind = observance.isDaylight ? "DAYLIGHT" : "STANDARD"
            lines.add("BEGIN", kind)
            lines.add("DTSTART", observance.localOnset)
            lines.add("TZOFFSETFROM", Self.offset(observance.offsetFrom))
            lines.add("TZOFFSETTO", Self.offset(observance.offsetTo))
            if let name = observance.name { lines.add("TZNAME", text: name) }
            lines.add("END", kind)
        }
        lines.add("END", "VTIMEZONE")
    }

    /// A UTC offset as iCalendar writes it: `+0900`, `-0430`, `+053328` when it has seconds.
    public static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let text = two(magnitude / 3600) + two(magnitude / 60 % 60)
        return sign + text + (magnitude % 60 == 0 ? "" : two(magnitude % 60))
    }

    static func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}
