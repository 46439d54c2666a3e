import Foundation

extension Schedule {
    /// The occurrence index of element `element`'s occurrence `n`: the number of events of the whole
    /// schedule that sort before it (by key, ties broken by element order).
    ///
    /// The one numbering function: range queries and index lookups both use it. Costs O(elements).
    /// Nil when there is no such element or occurrence.
    public func occurrenceIndex(element: Int, occurrence n: Int) -> Int? {
        guard elements.indices.contains(element), n >= 0, n < elements[element].count(before: Int.max) else {
            return nil
        }
        return rank(element: element, occurrence: n)
    }

    /// The rank of a known occurrence (see `occurrenceIndex(element:occurrence:)`).
    func rank(element: Int, occurrence n: Int) -> Int {
        let key = elements[element].key(ofOccurrence: n)
        var index = n
        for (other, candidate) in elements.enumerated() where other != element {
            index = Self.saturatingSum(index, candidate.count(before: other < element ? key + 1 : key))
        }
        return index
    }

    /// The number of events whose key (intended wall-clock start) is before `time`. Costs O(elements).
    public func occurrenceCount(before time: LocalDateTime) -> Int {
        count(before: time.nominalSeconds)
    }

    /// The events whose real intervals overlap the real interval from `lower` to `upper` (half-open), in `zone`,
    /// sorted by occurrence index.
    ///
    /// Both bounds and every event become instants by the same rule (a time in a spring-forward gap moves
    /// forward by the gap, a repeated time takes its first pass), so an event moved or stretched by a change is
    /// found exactly when it really overlaps. An all-day event lasts from its day's midnight to the next.
    public func events(from lower: LocalDateTime, to upper: LocalDateTime, in zone: ZoneRules) -> [ScheduleEvent] {
        events(lowerKey: lower.nominalSeconds, upperKey: upper.nominalSeconds, in: zone)
    }

    /// The events that overlap the local day `day` in real time, sorted by occurrence index.
    public func events(on day: LocalDate, in zone: ZoneRules) -> [ScheduleEvent] {
        let midnight = day.dayNumber * CivilCalendar.secondsPerDay
        return events(lowerKey: midnight, upperKey: midnight + CivilCalendar.secondsPerDay, in: zone)
    }

    /// The events that overlap the local days `first` through `last` (both inclusive) in real time.
    public func events(from first: LocalDate, through last: LocalDate, in zone: ZoneRules) -> [ScheduleEvent] {
        events(from: first.startOfDay, to: last.addingDays(1).startOfDay, in: zone)
    }

    /// `events(from:to:in:)` in `zone`, through its shared ``ZoneRules``.
    public func events(from lower: LocalDateTime, to upper: LocalDateTime, in zone: TimeZone) -> [ScheduleEvent] {
        events(from: lower, to: upper, in: ZoneRules.cached(zone))
    }

    /// `events(on:in:)` in `zone`, through its shared ``ZoneRules``.
    public func events(on day: LocalDate, in zone: TimeZone) -> [ScheduleEvent] {
        events(on: day, in: ZoneRules.cached(zone))
    }

    /// `events(from:through:in:)` in `zone`, through its shared ``ZoneRules``.
    public func events(from first: LocalDate, through last: LocalDate, in zone: TimeZone) -> [ScheduleEvent] {
        events(from: first, through: last, in: ZoneRules.cached(zone))
    }

    /// `event(occurrence:in:)` in `zone`, through its shared ``ZoneRules``.
    public func event(occurrence: Int, in zone: TimeZone) -> ScheduleEvent? {
        event(occurrence: occurrence, in: ZoneRules.cached(zone))
    }

    /// The event with occurrence index `occurrence`, or nil when the schedule has no such event.
    ///
    /// Finds the event's key by bisection over the O(1) counting function, so the cost grows with the logarithm
    /// of the schedule's span only.
    public func event(occurrence: Int, in zone: ZoneRules) -> ScheduleEvent? {
        guard occurrence >= 0, let first = elements.map(\.firstKey).min() else { return nil }
        var low = first
        var high: Int
        if elements.allSatisfy(\.isFinite) {
            high = elements.compactMap(\.endKey).max() ?? first
            guard count(before: high) > occurrence else { return nil }
        } else {
            var step = CivilCalendar.secondsPerDay
            high = first + step
            while count(before: high) <= occurrence {
                guard step < ScheduleElement.horizon else { return nil }
                step *= 2
                high = first + step
            }
        }
        // Invariant: count(before: low) <= occurrence < count(before: high).
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if count(before: middle) > occurrence { high = middle } else { low = middle }
        }
        var rank = count(before: low)
        let window = ZoneWindow(zone, over: low...low)
        for (index, element) in elements.enumerated() {
            let n = element.count(before: low)
            guard element.count(before: low + 1) > n else { continue }
            if rank == occurrence {
                let real = element.instants(ofOccurrence: n, key: low, in: window)
                return makeEvent(element: index, key: low, real: real, index: occurrence)
            }
            rank += 1
        }
        return nil
    }

    /// The number of events whose key is before `key`, saturating at `Int.max`.
    func count(before key: Int) -> Int {
        elements.reduce(0) { Self.saturatingSum($0, $1.count(before: key)) }
    }

    /// The events whose real intervals overlap the instants of the keys `[lowerKey, upperKey)`, sorted by
    /// occurrence index; only those whose key is before `limit` (a task version's end).
    func events(lowerKey: Int, upperKey: Int, keysBefore limit: Int = Int.max, in zone: ZoneRules) -> [ScheduleEvent] {
        // Wide enough for the longest event plus any offset change; a change inside means converting one by one.
        let reach = elements.reduce(0) { max($0, $1.nominalSpan) } + zone.spread
        let window = ZoneWindow(zone, over: (lowerKey - reach)...(upperKey + reach))
        let lower = window.instant(ofNominal: lowerKey)
        let upper = window.instant(ofNominal: upperKey)
        var events: [ScheduleEvent] = []
        guard lower < upper else { return events }
        for index in elements.indices {
            appendEvents(
                of: index, overlapping: lower..<upper, keys: lowerKey..<upperKey, keysBefore: limit, in: window,
                to: &events)
        }
        if elements.count > 1 {
            events.sort { ($0.occurrence, $0.element) < ($1.occurrence, $1.element) }
        }
        return events
    }

    /// Appends element `index`'s events that overlap `instants`, candidates found from `keys` in closed form.
    private func appendEvents(
        of index: Int, overlapping instants: Range<Int>, keys: Range<Int>, keysBefore limit: Int,
        in window: ZoneWindow, to events: inout [ScheduleEvent]
    ) {
        let element = elements[index]
        let span = element.nominalSpan
        let firstN: Int
        let endN: Int
        if element.interval.isElapsed, let step = element.interval.fixedSeconds {
            let first = window.instant(ofNominal: element.firstKey)
            firstN = ScheduleElement.steps(from: first, every: step, before: instants.lowerBound - span + 1)
            endN = min(
                ScheduleElement.steps(from: first, every: step, before: instants.upperBound),
                element.count(before: limit))
        } else {
            let slack = window.slack
            firstN = element.count(before: keys.lowerBound - span - slack + 1)
            endN = element.count(before: min(keys.upperBound + slack, limit))
        }
        guard endN > firstN else { return }
        for n in firstN..<endN {
            let key = element.key(ofOccurrence: n)
            let real = element.instants(ofOccurrence: n, key: key, in: window)
            // A zero-length event counts as the one second it starts in.
            guard real.start < instants.upperBound, max(real.end, real.start + 1) > instants.lowerBound else {
                continue
            }
            events.append(
                makeEvent(element: index, key: key, real: real, index: rank(element: index, occurrence: n)))
        }
    }

    private func makeEvent(
        element index: Int, key: Int, real: (start: Int, end: Int), index occurrence: Int
    ) -> ScheduleEvent {
        let element = elements[index]
        return ScheduleEvent(
            occurrence: occurrence, element: index, localStart: LocalDateTime(nominalSeconds: key),
            start: Date(timeIntervalSince1970: Double(real.start)), end: Date(timeIntervalSince1970: Double(real.end)),
            isAllDay: element.isAllDay, text: element.text, targetValues: element.targetValues)
    }

    /// `a + b`, or `Int.max` when that overflows (counts of absurdly distant times only).
    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}
