extension OutcomeQuery {
    /// The outcomes of `outcomes` this query selects, filtered, sorted and paged.
    public func select(from outcomes: [Outcome]) -> [Outcome] {
        var selected = outcomes.filter(matches)
        switch sort {
        case .eventStart:
            selected.sort {
                let left = $0.eventStart?.nominalSeconds ?? Int.min
                let right = $1.eventStart?.nominalSeconds ?? Int.min
                return (left, $0.taskID, $0.occurrenceIndex, $0.id) < (right, $1.taskID, $1.occurrenceIndex, $1.id)
            }
        case .newestFirst:
            selected.sort { ($0.createdDate, $0.id) > ($1.createdDate, $1.id) }
        }
        return Array(selected.dropFirst(max(offset, 0)).prefix(max(limit ?? Int.max, 0)))
    }

    /// The wall-clock range of event starts `dateInterval` selects: from the first day's midnight to the midnight
    /// after the last day (exclusive).
    public var eventStartRange: Range<LocalDateTime>? {
        dateInterval.map { $0.lowerBound.startOfDay..<$0.upperBound.addingDays(1).startOfDay }
    }

    /// Whether `outcome` passes every filter.
    public func matches(_ outcome: Outcome) -> Bool {
        if !includeDeleted && !outcome.isLive { return false }
        if let taskIDs, !taskIDs.contains(outcome.taskID) { return false }
        if let taskVersionIDs, !taskVersionIDs.contains(outcome.taskVersionID) { return false }
        if let dateInterval {
            guard let day = outcome.eventStart?.date, dateInterval.contains(day) else { return false }
        }
        if let kinds, !outcome.values.contains(where: { value in value.kind.map(kinds.contains) ?? false }) {
            return false
        }
        return true
    }
}
