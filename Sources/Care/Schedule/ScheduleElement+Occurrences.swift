/// Closed-form occurrence arithmetic of one element, on nominal wall-clock seconds (see
/// `LocalDateTime.nominalSeconds`). Every function costs O(1), whatever the element's age.
extension ScheduleElement {
    /// The sort key of the first event: the start, or midnight of the start date for all-day elements.
    var firstKey: Int { isAllDay ? start.date.dayNumber * CivilCalendar.secondsPerDay : start.nominalSeconds }

    /// The exclusive end key: the end, or midnight of the end date for all-day elements.
    var endKey: Int? {
        guard let end else { return nil }
        return isAllDay ? end.date.dayNumber * CivilCalendar.secondsPerDay : end.nominalSeconds
    }

    /// The wall-clock length of one event used to decide overlap with a query range (at least one second).
    var nominalSpan: Int {
        switch duration {
        case .allDay: CivilCalendar.secondsPerDay
        case .seconds(let seconds): max(seconds, 1)
        }
    }

    /// The sort key of occurrence `n` (0-based), computed from the start, never from the previous event.
    func key(ofOccurrence n: Int) -> Int {
        switch interval {
        case .days(let days): firstKey + n * days * CivilCalendar.secondsPerDay
        case .weeks(let weeks): firstKey + n * weeks * 7 * CivilCalendar.secondsPerDay
        case .months(let months):
            start.date.addingMonths(n * months).dayNumber * CivilCalendar.secondsPerDay + (firstKey - dayStartKey)
        }
    }

    /// The number of this element's events whose key is before `key` (and before the end).
    func count(before bound: Int) -> Int {
        let first = firstKey
        // Counting saturates 2^61 seconds (73 billion years) after the start, so no sum below can overflow.
        var limit = min(bound, first + (1 << 61))
        if let endKey { limit = min(limit, endKey) }
        guard limit > first else { return 0 }
        // An invalid interval (rejected by `Schedule.validate`) degrades to one event instead of dividing by zero.
        guard interval.count > 0 else { return 1 }
        switch interval {
        case .days(let days):
            let step = days * CivilCalendar.secondsPerDay
            return (limit - first + step - 1) / step
        case .weeks(let weeks):
            let step = weeks * 7 * CivilCalendar.secondsPerDay
            return (limit - first + step - 1) / step
        case .months(let months):
            // The last candidate is the occurrence in the month of the last key that still counts.
            let lastCounted = LocalDate(dayNumber: CivilCalendar.floorDivide(limit - 1, CivilCalendar.secondsPerDay))
            let candidate = start.date.months(to: lastCounted) / months
            return candidate + (key(ofOccurrence: candidate) < limit ? 1 : 0)
        }
    }

    /// Whether the element has finitely many events.
    var isFinite: Bool { end != nil }

    private var dayStartKey: Int { start.date.dayNumber * CivilCalendar.secondsPerDay }
}
