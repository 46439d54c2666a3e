import Care
import Foundation

/// A published calendar (RFC 5545, `METHOD:PUBLISH`) of events in one time zone, each with a stable `UID` so a
/// client that fetches the feed again replaces its events instead of adding them. Knows no study: the caller
/// gives titles, links and alarm texts.
///
/// ```swift
/// let feed = ICalendarFeed(name: "Recover", zone: tokyo, window: start..<end, stamp: now, events: events)
/// let text = feed.document   // "BEGIN:VCALENDAR\r\n..."
/// ```
public struct ICalendarFeed: Sendable {
    /// One event of the feed.
    public struct Event: Hashable, Sendable {
        /// Unique and stable across fetches (`checkin-12-...@recover`).
        public var uid: String
        /// When it starts.
        public var start: Date
        /// When it ends (exclusive).
        public var end: Date
        /// The local days of an all-day event (the upper bound is the day after the last), written as
        /// `VALUE=DATE`; nil for an event at a time.
        public var days: Range<LocalDate>?
        /// `SUMMARY`.
        public var summary: String
        /// `URL`: where the event is done.
        public var url: String?
        /// The alarm's text; nil for no alarm.
        public var alarm: String?
        /// When the alarm rings relative to the start (0: at the start; an all-day event's start is its
        /// midnight, so it takes a positive offset into the day).
        public var alarmOffset: Int

        /// An event from its members; `alarmOffset` is in seconds.
        public init(
            uid: String, start: Date, end: Date, days: Range<LocalDate>?, summary: String, url: String?,
            alarm: String?, alarmOffset: Int = 0
        ) {
            self.uid = uid
            self.start = start
            self.end = end
            self.days = days
            self.summary = summary
            self.url = url
            self.alarm = alarm
            self.alarmOffset = alarmOffset
        }
    }

    /// `X-WR-CALNAME`, the name clients show.
    public var name: String
    /// The zone of every event's `DTSTART`/`DTEND` (`TZID`), written as a `VTIMEZONE`.
    public var zone: TimeZone
    /// The instants the feed covers; the `VTIMEZONE` covers them.
    public var window: Range<Date>
    /// `DTSTAMP`: when the feed was written.
    public var stamp: Date
    /// The events, in order.
    public var events: [Event]
    /// How often clients should fetch again, in seconds (`REFRESH-INTERVAL`, `X-PUBLISHED-TTL`).
    public var refreshInterval: Int

    /// `PRODID`.
    public static let productID = "-//Recover//Recover calendar feed//EN"

    /// A feed from its members; clients fetch again every `refreshInterval` seconds, hourly by default.
    public init(
        name: String, zone: TimeZone, window: Range<Date>, stamp: Date, events: [Event], refreshInterval: Int = 3600
    ) {
        self.name = name
        self.zone = zone
        self.window = window
        self.stamp = stamp
        self.events = events
        self.refreshInterval = refreshInterval
    }

    /// The whole `VCALENDAR`, CRLF line ends, folded.
    public var document: String {
        var lines = ICalendarText()
        lines.add("BEGIN", "VCALENDAR")
        lines.add("PRODID", Self.productID)
        lines.add("VERSION", "2.0")
        lines.add("CALSCALE", "GREGORIAN")
        lines.add("METHOD", "PUBLISH")
        lines.add("X-WR-CALNAME", text: name)
        lines.add("X-WR-TIMEZONE", zone.identifier)
        lines.add("REFRESH-INTERVAL;VALUE=DURATION", Self.duration(refreshInterval))
        lines.add("X-PUBLISHED-TTL", Self.duration(refreshInterval))
        ICalendarTimeZone(zone, from: window.lowerBound, to: window.upperBound).write(to: &lines)
        let stamp = ICalendarTime.utc(stamp)
        for event in events {
            lines.add("BEGIN", "VEVENT")
            lines.add("UID", text: event.uid)
            lines.add("DTSTAMP", stamp)
            if let days = event.days {
                lines.add("DTSTART;VALUE=DATE", ICalendarTime.date(days.lowerBound))
                lines.add("DTEND;VALUE=DATE", ICalendarTime.date(days.upperBound))
            } else {
                lines.add("DTSTART;TZID=\(zone.identifier)", ICalendarTime.local(event.start, in: zone))
                lines.add("DTEND;TZID=\(zone.identifier)", ICalendarTime.local(event.end, in: zone))
            }
            lines.add("SUMMARY", text: event.summary)
            if let url = event.url { lines.add("URL", url) }
            lines.add("TRANSP", "TRANSPARENT")
            if let alarm = event.alarm {
                lines.add("BEGIN", "VALARM")
                lines.add("ACTION", "DISPLAY")
                lines.add("TRIGGER", Self.duration(event.alarmOffset))
                lines.add("DESCRIPTION", text: alarm)
                lines.add("END", "VALARM")
            }
            lines.add("END", "VEVENT")
        }
        lines.add("END", "VCALENDAR")
        return lines.document
    }

    /// A duration as iCalendar writes it: `PT0M`, `PT9H`, `-PT15M`, `PT1H30M`.
    public static func duration(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        let magnitude = seconds.magnitude
        guard magnitude > 0 else { return "PT0M" }
        var text = "\(sign)PT"
        if magnitude >= 3600 { text += "\(magnitude / 3600)H" }
        if magnitude % 3600 >= 60 { text += "\(magnitude % 3600 / 60)M" }
        if magnitude % 60 > 0 { text += "\(magnitude % 60)S" }
        return text
    }
}
