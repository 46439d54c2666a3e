import Foundation

/// One occurrence of a schedule, evaluated in a time zone.
///
/// Plain values only (no strings or arrays), so an array of events is copied and freed without reference
/// counting: a one-day query's cost is its arithmetic. The element's text and target values stay on the element,
/// `schedule.elements[event.element]` (a ``CareEvent`` reads them from its task).
public struct ScheduleEvent: Codable, Hashable, Sendable {
    /// The rank of this event by key across all elements since the schedule began (0-based).
    public var occurrence: Int
    /// The index of the element that produced the event.
    public var element: Int
    /// The intended wall-clock start (midnight for all-day events), before any daylight-saving gap shift.
    public var localStart: LocalDateTime
    /// The instant the event starts in the evaluation zone.
    public var start: Date
    /// The instant the event ends in the evaluation zone (exclusive).
    public var end: Date
    /// Whether the event spans its whole local day.
    public var isAllDay: Bool

    /// Creates an event; schedules make them, tests and previews may too.
    public init(occurrence: Int, element: Int, localStart: LocalDateTime, start: Date, end: Date, isAllDay: Bool) {
        self.occurrence = occurrence
        self.element = element
        self.localStart = localStart
        self.start = start
        self.end = end
        self.isAllDay = isAllDay
    }

    /// The local day the event belongs to.
    public var day: LocalDate { localStart.date }
}
