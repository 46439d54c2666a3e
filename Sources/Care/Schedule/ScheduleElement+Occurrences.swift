/// The keys that order one element's occurrences (see `OccurrenceTimeline`).
extension ScheduleElement {
    /// The key of the first event: the start, or midnight of the start date for all-day elements.
    var firstKey: Int { isAllDay ? start.date.dayNumber * CivilCalendar.secondsPerDay : start.nominalSeconds }

    /// The exclusive end key: the end, or midnight of the end date for all-day elements.
    var endKey: Int? {
        guard let end else { return nil }
        return isAllDay ? end.date.dayNumber * CivilCalendar.secondsPerDay : end.nominalSeconds
    }

    /// Whether the element has finitely many events.
    var isFinite: Bool { end != nil }
}
