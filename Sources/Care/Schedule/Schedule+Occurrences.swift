import Foundation

extension Schedule {
    /// The occurrence index of element `element`'s occurrence `n`: the number of events of the whole
    /// schedule that sort before it (by start, ties broken by element order).
    ///
    /// The one numbering function: range queries and index lookups both use it. Costs O(elements).
    /// Nil when there is no such element or occurrence.
    public func occurrenceIndex(element: Int, occurrence n: Int) -> Int? {
        guard elements.indices.contains(element), n >= 0 else { return nil }
        if let endKey = elements[element].endKey, n >= elements[element].count(before: endKey) { return nil }
        return rank(element: element, occurrence: n)
    }

    /// The rank of a known occurrence (see `occurrenceIndex(element:occurrence:)`).
    func rank(element: Int, occurrence n: Int) -> Int {
        let key = elements[element].key(ofOccurrence: n)
        var index = n
        for (other, candidate) in elements.enumerated() where other != element {
            index += candidate.count(before: other < element ? key + 1 : key)
        }
        return index
    }

    /// The number of events that start before `time` (wall clock). Costs O(elements).
    public func occurrenceCount(before time: LocalDateTime) -> Int {
        count(before: time.nominalSeconds)
    }

    /// The events that overlap `[lower, upper)` on the wall clock, sorted by start, evaluated in `zone`.
    ///
    /// An all-day event overlaps the whole of its day, so a range that starts mid-day still contains it.
    public func events(from lower: LocalDateTime, to upper: LocalDateTime, in zone: TimeZone) -> [ScheduleEvent] {
        events(lowerKey: lower.nominalSeconds, upperKey: upper.nominalSeconds, in: zone)
    }

    /// The events that overlap the local day `day`, sorted by start.
    public func events(on day: LocalDate, in zone: TimeZone) -> [ScheduleEvent] {
        events(from: day.startOfDay, to: day.addingDays(1).startOfDay, in: zone)
    }

    /// The events that overlap the local days `first` through `last`, both inclusive, sorted by start.
    public func events(from first: LocalDate, through last: LocalDate, in zone: TimeZone) -> [ScheduleEvent] {
        events(from: first.startOfDay, to: last.addingDays(1).startOfDay, in: zone)
    }

    /// The event with occurrence index `occurrence`, or nil when the schedule has no such event.
    ///
    /// Finds the start by bisection over the O(1) counting function, so the cost grows with the logarithm of
    /// the schedule's span only.
    public func event(occurrence: Int, in zone: TimeZone) -> ScheduleEvent? {
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
                guard step < Int.max / 4 else { return nil }
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
        for (index, element) in elements.enumerated() {
            let n = element.count(before: low)
            guard element.count(before: low + 1) > n else { continue }
            if rank == occurrence { return makeEvent(element: index, occurrence: n, index: occurrence, in: zone) }
            rank += 1
        }
        return nil
    }

    func count(before key: Int) -> Int {
        elements.reduce(0) { $0 + $1.count(before: key) }
    }

    func events(lowerKey: Int, upperKey: Int, in zone: TimeZone) -> [ScheduleEvent] {
        var found: [(key: Int, element: Int, n: Int)] = []
        for (index, element) in elements.enumerated() {
            let firstN = element.count(before: lowerKey - element.nominalSpan + 1)
            let endN = element.count(before: upperKey)
            guard endN > firstN else { continue }
            for n in firstN..<endN { found.append((element.key(ofOccurrence: n), index, n)) }
        }
        found.sort { ($0.key, $0.element) < ($1.key, $1.element) }
        return found.map { item in
            makeEvent(
                element: item.element, occurrence: item.n,
                index: rank(element: item.element, occurrence: item.n), in: zone)
        }
    }

    func makeEvent(element index: Int, occurrence n: Int, index occurrence: Int, in zone: TimeZone) -> ScheduleEvent {
        let element = elements[index]
        let localStart = LocalDateTime(nominalSeconds: element.key(ofOccurrence: n))
        let start = localStart.instant(in: zone)
        let end: Date
        switch element.duration {
        case .allDay: end = localStart.adding(seconds: CivilCalendar.secondsPerDay).instant(in: zone)
        case .seconds(let seconds): end = start.addingTimeInterval(Double(seconds))
        }
        return ScheduleEvent(
            occurrence: occurrence, element: index, localStart: localStart, start: start, end: end,
            isAllDay: element.isAllDay, text: element.text, targetValues: element.targetValues)
    }
}
