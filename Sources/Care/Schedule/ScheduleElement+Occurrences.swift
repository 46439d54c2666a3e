/// Closed-form occurrence arithmetic of one element. Every function costs O(1), whatever the element's age.
///
/// Occurrences are numbered and ordered by their **key**: nominal wall-clock seconds (see
/// `LocalDateTime.nominalSeconds`), which no time zone changes. For days, weeks and months the key is the
/// intended local start; for hours, minutes and seconds it is the start plus n steps on a clock without
/// daylight-saving changes. Real instants come only from `instants(ofOccurrence:key:in:)`.
extension ScheduleElement {
    /// The sort key of the first event: the start, or midnight of the start date for all-day elements.
    var firstKey: Int { isAllDay ? start.date.dayNumber * CivilCalendar.secondsPerDay : start.nominalSeconds }

    /// The exclusive end key: the end, or midnight of the end date for all-day elements.
    var endKey: Int? {
        guard let end else { return nil }
        return isAllDay ? end.date.dayNumber * CivilCalendar.secondsPerDay : end.nominalSeconds
    }

    /// The length of one event used to find candidates for a query range (at least one second; a day for
    /// all-day events).
    var nominalSpan: Int {
        switch duration {
        case .allDay: CivilCalendar.secondsPerDay
        case .seconds: max(durationSeconds, 1)
        }
    }

    /// The duration in elapsed seconds, clamped to what `Schedule.validate` accepts (0 for all-day).
    var durationSeconds: Int {
        switch duration {
        case .allDay: 0
        case .seconds(let seconds): min(max(seconds, 0), Schedule.maximumDurationSeconds)
        }
    }

    /// The sort key of occurrence `n` (0-based), computed from the start, never from the previous event.
    func key(ofOccurrence n: Int) -> Int {
        if let step = interval.fixedSeconds { return firstKey + n * step }
        let months = interval.boundedCount
        return start.date.addingMonths(n * months).dayNumber * CivilCalendar.secondsPerDay + (firstKey - dayStartKey)
    }

    /// The real start and end (seconds since 1970) of occurrence `n`, whose key is `key`, in `zone`.
    ///
    /// Wall-clock steps convert each event's key on its own (a daily 02:30 event starts at 03:30 on a
    /// spring-forward day); elapsed steps add `n` real steps to the first event's instant.
    func instants(ofOccurrence n: Int, key: Int, in zone: ZoneWindow) -> (start: Int, end: Int) {
        let start: Int
        if interval.isElapsed, let step = interval.fixedSeconds {
            start = zone.instant(ofNominal: firstKey) + n * step
        } else {
            start = zone.instant(ofNominal: key)
        }
        if isAllDay { return (start, zone.instant(ofNominal: key + CivilCalendar.secondsPerDay)) }
        return (start, start + durationSeconds)
    }

    /// The number of this element's events whose key is before `bound` (and before the end).
    func count(before bound: Int) -> Int {
        let first = firstKey
        var limit = min(bound, first + Self.horizon)
        if let endKey { limit = min(limit, endKey) }
        guard limit > first else { return 0 }
        // An invalid interval (rejected by `Schedule.validate`) degrades to one event instead of dividing by zero.
        guard interval.count > 0 else { return 1 }
        if let step = interval.fixedSeconds { return (limit - first - 1) / step + 1 }
        // The last candidate is the occurrence in the month of the last key that still counts.
        let lastCounted = LocalDate(dayNumber: CivilCalendar.floorDivide(limit - 1, CivilCalendar.secondsPerDay))
        let candidate = start.date.months(to: lastCounted) / interval.boundedCount
        return candidate + (key(ofOccurrence: candidate) < limit ? 1 : 0)
    }

    /// The number of `step`-second steps from `first` that fall before `bound` (elapsed elements, real time).
    static func steps(from first: Int, every step: Int, before bound: Int) -> Int {
        guard bound > first else { return 0 }
        return (min(bound - first, horizon) - 1) / step + 1
    }

    /// Counting saturates 2^61 seconds (73 billion years) after the start, so no single count can overflow.
    static let horizon = 1 << 61

    /// Whether the element has finitely many events.
    var isFinite: Bool { end != nil }

    private var dayStartKey: Int { start.date.dayNumber * CivilCalendar.secondsPerDay }
}
