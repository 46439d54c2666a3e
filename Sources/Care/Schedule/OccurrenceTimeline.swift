/// One element's closed-form occurrence arithmetic, with its keys and steps worked out once per query. Every
/// function costs O(1), whatever the element's age.
///
/// Occurrences are numbered and ordered by their **key**: nominal wall-clock seconds (see
/// `LocalDateTime.nominalSeconds`), which no time zone changes. For days, weeks and months the key is the
/// intended local start; for hours, minutes and seconds it is the start plus n steps on a clock without
/// daylight-saving changes. Real instants come only from `instants(ofOccurrence:key:in:)`.
struct OccurrenceTimeline {
    /// The key of the first event: the start, or midnight of the start date for all-day elements.
    let firstKey: Int
    /// The exclusive end key, or `Int.max` for no end.
    let endKey: Int
    /// The step in seconds, or nil for months.
    private let step: Int?
    /// The step in months (months elements only).
    private let months: Int
    /// The start date, from which months are counted.
    private let startDate: LocalDate
    /// Whether each event spans its whole local day.
    let isAllDay: Bool
    /// Whether the step is elapsed time.
    private let isElapsed: Bool
    /// Whether the interval is positive (`Schedule.validate` refuses others; they degrade to one event).
    private let hasPositiveInterval: Bool
    /// The duration in elapsed seconds, clamped to what `Schedule.validate` accepts (0 for all-day).
    private let durationSeconds: Int
    /// The length of one event used to find candidates for a query range: at least one second, a day for all-day.
    let span: Int

    init(_ element: ScheduleElement) {
        self.init(start: element.start, end: element.end, interval: element.interval, duration: element.duration)
    }

    /// The timeline of an element with these fields; taking the fields alone spares copying its text and targets.
    init(start: LocalDateTime, end: LocalDateTime?, interval: ScheduleInterval, duration: ScheduleDuration) {
        switch duration {
        case .allDay:
            isAllDay = true
            durationSeconds = 0
            span = CivilCalendar.secondsPerDay
        case .seconds(let seconds):
            isAllDay = false
            durationSeconds = min(max(seconds, 0), Schedule.maximumDurationSeconds)
            span = max(durationSeconds, 1)
        }
        let startDay = start.date.dayNumber * CivilCalendar.secondsPerDay
        firstKey = isAllDay ? startDay : startDay + start.time.secondsSinceMidnight
        if let end {
            endKey = end.date.dayNumber * CivilCalendar.secondsPerDay + (isAllDay ? 0 : end.time.secondsSinceMidnight)
        } else {
            endKey = Int.max
        }
        let step = interval.step
        self.step = step.seconds
        months = step.boundedCount
        startDate = start.date
        isElapsed = step.isElapsed
        hasPositiveInterval = interval.count > 0
    }

    /// The elapsed seconds of `duration`, clamped to what `Schedule.validate` accepts (0 for all-day).
    static func seconds(of duration: ScheduleDuration) -> Int {
        switch duration {
        case .allDay: 0
        case .seconds(let seconds): min(max(seconds, 0), Schedule.maximumDurationSeconds)
        }
    }

    /// The length of an event of `duration` used to find candidates: at least one second, a day for all-day.
    static func span(of duration: ScheduleDuration) -> Int {
        if case .allDay = duration { return CivilCalendar.secondsPerDay }
        return max(seconds(of: duration), 1)
    }

    /// The key of occurrence `n` (0-based), computed from the start, never from the previous event.
    func key(ofOccurrence n: Int) -> Int {
        if let step { return firstKey + n * step }
        return monthlyKey(ofOccurrence: n)
    }

    /// `key(ofOccurrence:)` of a months element: out of line, so that the fixed steps of nearly every query inline.
    @inline(never)
    private func monthlyKey(ofOccurrence n: Int) -> Int {
        let dayStart = startDate.dayNumber * CivilCalendar.secondsPerDay
        return startDate.addingMonths(n * months).dayNumber * CivilCalendar.secondsPerDay + (firstKey - dayStart)
    }

    /// The number of events whose key is before `bound` (and before the end).
    func count(before bound: Int) -> Int {
        // Counting saturates 2^61 seconds (73 billion years) after the start, so no single count can overflow.
        let limit = min(bound, firstKey + Self.horizon, endKey)
        guard limit > firstKey else { return 0 }
        guard hasPositiveInterval else { return 1 }
        if let step {
            // Daily schedules are the common case: a constant divisor compiles to a multiplication.
            if step == CivilCalendar.secondsPerDay { return (limit - firstKey - 1) / CivilCalendar.secondsPerDay + 1 }
            return (limit - firstKey - 1) / step + 1
        }
        return monthlyCount(before: limit)
    }

    /// `count(before:)` of a months element with positive interval, for `limit` after the first key: out of line
    /// like `monthlyKey(ofOccurrence:)`.
    @inline(never)
    private func monthlyCount(before limit: Int) -> Int {
        // The last candidate is the occurrence in the month of the last key that still counts.
        let lastCounted = LocalDate(dayNumber: CivilCalendar.floorDivide(limit - 1, CivilCalendar.secondsPerDay))
        let candidate = startDate.months(to: lastCounted) / months
        return candidate + (key(ofOccurrence: candidate) < limit ? 1 : 0)
    }

    /// The range of occurrences that may overlap the real interval `instants`, whose bounds have the keys `keys`:
    /// exact for elapsed steps, widened by the window's slack for wall-clock steps. Only keys before `limit`.
    func candidates(overlapping instants: Range<Int>, keys: Range<Int>, keysBefore limit: Int, in window: ZoneWindow)
        -> Range<Int>
    {
        let first: Int
        let end: Int
        if isElapsed, let step {
            let start = window.instant(ofNominal: firstKey)
            first = Self.steps(from: start, every: step, before: instants.lowerBound - span + 1)
            end = min(Self.steps(from: start, every: step, before: instants.upperBound), count(before: limit))
        } else {
            let slack = window.slack
            first = count(before: keys.lowerBound - span - slack + 1)
            end = count(before: min(keys.upperBound + slack, limit))
        }
        return first..<max(first, end)
    }

    /// The real start and end (seconds since 1970) of occurrence `n`, whose key is `key`, in `zone`.
    ///
    /// Wall-clock steps convert each event's key on its own (a daily 02:30 event starts at 03:30 on a
    /// spring-forward day); elapsed steps add `n` real steps to the first event's instant.
    func instants(ofOccurrence n: Int, key: Int, in zone: ZoneWindow) -> (start: Int, end: Int) {
        let start: Int
        if isElapsed, let step {
            start = zone.instant(ofNominal: firstKey) + n * step
        } else {
            start = zone.instant(ofNominal: key)
        }
        if isAllDay { return (start, zone.instant(ofNominal: key + CivilCalendar.secondsPerDay)) }
        return (start, start + durationSeconds)
    }

    /// The number of `step`-second steps from `first` that fall before `bound` (elapsed elements, real time).
    private static func steps(from first: Int, every step: Int, before bound: Int) -> Int {
        guard bound > first else { return 0 }
        return (min(bound - first, horizon) - 1) / step + 1
    }

    /// How far after the start counting stops.
    static let horizon = 1 << 61
}
