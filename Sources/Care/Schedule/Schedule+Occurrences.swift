import Foundation

extension Schedule {
    /// The occurrence index of element `element`'s occurrence `n`: the number of events of the whole
    /// schedule that sort before it (by key, ties broken by element order).
    ///
    /// The one numbering function: range queries and index lookups both use it. Costs O(elements).
    /// Nil when there is no such element or occurrence.
    public func occurrenceIndex(element: Int, occurrence n: Int) -> Int? {
        guard elements.indices.contains(element) else { return nil }
        let timeline = OccurrenceTimeline(elements[element])
        guard n >= 0, n < timeline.count(before: Int.max) else { return nil }
        return rank(element: element, occurrence: n, key: timeline.key(ofOccurrence: n))
    }

    /// The rank of a known occurrence with key `key` (see `occurrenceIndex(element:occurrence:)`).
    private func rank(element: Int, occurrence n: Int, key: Int) -> Int {
        var index = n
        for (other, candidate) in elements.enumerated() where other != element {
            let before = OccurrenceTimeline(candidate).count(before: other < element ? key + 1 : key)
            index = Self.saturatingSum(index, before)
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
        var events: [ScheduleEvent] = []
        appendEvents(from: lower, to: upper, in: zone, to: &events)
        return events
    }

    /// The events that overlap the local day `day` in real time, sorted by occurrence index.
    public func events(on day: LocalDate, in zone: ZoneRules) -> [ScheduleEvent] {
        var events: [ScheduleEvent] = []
        // A day holds about one event per element: sized once, the array is never regrown. (Creating it with
        // `unsafeUninitializedCapacity:` instead is slower: that initialiser is not specialised across modules.)
        events.reserveCapacity(elements.count)
        appendEvents(on: day, in: zone, to: &events)
        return events
    }

    /// The events that overlap the local days `first` through `last` (both inclusive) in real time.
    public func events(from first: LocalDate, through last: LocalDate, in zone: ZoneRules) -> [ScheduleEvent] {
        events(from: first.startOfDay, to: last.addingDays(1).startOfDay, in: zone)
    }

    /// Appends the events of `events(on:in:)` to `events`: the same answer, without a new array per query when the
    /// caller reuses one (as a store does for all tasks of a query).
    public func appendEvents(on day: LocalDate, in zone: ZoneRules, to events: inout [ScheduleEvent]) {
        let midnight = day.dayNumber * CivilCalendar.secondsPerDay
        appendEvents(
            lowerKey: midnight, upperKey: midnight + CivilCalendar.secondsPerDay, in: zone, to: &events,
            lowerDate: day)
    }

    /// Appends the events of `events(from:to:in:)` to `events`.
    public func appendEvents(
        from lower: LocalDateTime, to upper: LocalDateTime, in zone: ZoneRules, to events: inout [ScheduleEvent]
    ) {
        appendEvents(
            lowerKey: lower.nominalSeconds, upperKey: upper.nominalSeconds, in: zone, to: &events,
            lowerDate: lower.date)
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
        let timelines = elements.map(OccurrenceTimeline.init)
        func count(before key: Int) -> Int { timelines.reduce(0) { Self.saturatingSum($0, $1.count(before: key)) } }
        guard occurrence >= 0, let first = timelines.map(\.firstKey).min() else { return nil }
        var low = first
        var high: Int
        if elements.allSatisfy(\.isFinite) {
            high = timelines.map(\.endKey).max() ?? first
            guard count(before: high) > occurrence else { return nil }
        } else {
            var step = CivilCalendar.secondsPerDay
            high = first + step
            while count(before: high) <= occurrence {
                guard step < OccurrenceTimeline.horizon else { return nil }
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
        for (index, timeline) in timelines.enumerated() {
            let n = timeline.count(before: low)
            guard timeline.count(before: low + 1) > n else { continue }
            if rank == occurrence {
                let real = timeline.instants(ofOccurrence: n, key: low, in: window)
                return makeEvent(element: index, isAllDay: timeline.isAllDay, key: low, real: real, index: occurrence)
            }
            rank += 1
        }
        return nil
    }

    /// The number of events whose key is before `key`, saturating at `Int.max`.
    func count(before key: Int) -> Int {
        elements.reduce(0) { Self.saturatingSum($0, OccurrenceTimeline($1).count(before: key)) }
    }

    /// The events whose real intervals overlap the instants of the keys `[lowerKey, upperKey)`, sorted by
    /// occurrence index; only those whose key is before `limit` (a task version's end).
    func events(lowerKey: Int, upperKey: Int, keysBefore limit: Int = Int.max, in zone: ZoneRules) -> [ScheduleEvent] {
        var events: [ScheduleEvent] = []
        appendEvents(lowerKey: lowerKey, upperKey: upperKey, keysBefore: limit, in: zone, to: &events)
        return events
    }

    /// Appends to `events` what `events(lowerKey:upperKey:keysBefore:in:)` returns, sorted among themselves.
    ///
    /// `lowerDate`, when the caller has it, is the date of `lowerKey`: events on that day reuse it instead of
    /// converting their day number back to a date.
    func appendEvents(
        lowerKey: Int, upperKey: Int, keysBefore limit: Int = Int.max, in zone: ZoneRules,
        to events: inout [ScheduleEvent], lowerDate: LocalDate? = nil
    ) {
        // Wide enough for the longest event plus any offset change; a change inside means converting one by one.
        var reach = zone.spread
        for index in elements.indices { reach = max(reach, OccurrenceTimeline.span(of: elements[index].duration)) }
        let window = ZoneWindow(zone, over: (lowerKey - reach)...(upperKey + reach))
        let lower = window.instant(ofNominal: lowerKey)
        let upper = window.instant(ofNominal: upperKey)
        guard lower < upper else { return }
        let instants = lower..<upper
        let first = events.endIndex
        let knownDay = lowerDate.map { (number: $0.dayNumber, date: $0) }  // a stored property, not a conversion
        for index in elements.indices {
            let timeline = OccurrenceTimeline(
                start: elements[index].start, end: elements[index].end, interval: elements[index].interval,
                duration: elements[index].duration)
            let candidates = timeline.candidates(
                overlapping: instants, keys: lowerKey..<upperKey, keysBefore: limit, in: window)
            for n in candidates {
                let key = timeline.key(ofOccurrence: n)
                let real = timeline.instants(ofOccurrence: n, key: key, in: window)
                // A zero-length event counts as the one second it starts in.
                guard real.start < instants.upperBound, max(real.end, real.start + 1) > instants.lowerBound else {
                    continue
                }
                let occurrence = elements.count == 1 ? n : rank(element: index, occurrence: n, key: key)
                events.append(
                    makeEvent(
                        element: index, isAllDay: timeline.isAllDay, key: key, real: real, index: occurrence,
                        knownDay: knownDay))
            }
        }
        if elements.count > 1 {
            events[first...].sort { ($0.occurrence, $0.element) < ($1.occurrence, $1.element) }
        }
    }

    private func makeEvent(
        element index: Int, isAllDay: Bool, key: Int, real: (start: Int, end: Int), index occurrence: Int,
        knownDay: (number: Int, date: LocalDate)? = nil
    ) -> ScheduleEvent {
        let dayNumber = CivilCalendar.floorDivide(key, CivilCalendar.secondsPerDay)
        let time = LocalTime(secondsSinceMidnight: key - dayNumber * CivilCalendar.secondsPerDay)
        let date: LocalDate
        if let knownDay, knownDay.number == dayNumber {
            date = knownDay.date
        } else {
            date = LocalDate(dayNumber: dayNumber)
        }
        return ScheduleEvent(
            occurrence: occurrence, element: index, localStart: LocalDateTime(date: date, time: time),
            start: Date(timeIntervalSince1970: Double(real.start)), end: Date(timeIntervalSince1970: Double(real.end)),
            isAllDay: isAllDay)
    }

    /// `a + b`, or `Int.max` when that overflows (counts of absurdly distant times only).
    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}
