extension CareTaskQuery {
    /// The versions of `histories` this query selects, filtered, sorted and paged.
    ///
    /// Stores may narrow `histories` first (by id or care plan); the result is the same for every store.
    public func select(from histories: [CareTaskHistory]) -> [CareTask] {
        var selected: [CareTask] = []
        for history in histories.sorted(by: { $0.id < $1.id }) {
            if let ids, !ids.contains(history.id) { continue }
            for (index, version) in history.versions.enumerated() where includes(versionAt: index, of: history) {
                if matchesAttributes(version) { selected.append(version) }
            }
        }
        switch sort {
        case .id: break
        case .title:
            selected = selected.enumerated().sorted { ($0.element.title, $0.offset) < ($1.element.title, $1.offset) }
                .map(\.element)
        case .effectiveDate:
            selected = selected.enumerated().sorted {
                ($0.element.effectiveDate, $0.offset) < ($1.element.effectiveDate, $1.offset)
            }.map(\.element)
        }
        return Array(selected.dropFirst(max(offset, 0)).prefix(max(limit ?? Int.max, 0)))
    }

    private func includes(versionAt index: Int, of history: CareTaskHistory) -> Bool {
        let version = history.versions[index]
        switch versions {
        case .all:
            guard let dateInterval else { return true }
            return history.isInEffect(versionAt: index, during: dateInterval)
        case .current:
            if version.isDeleted { return false }
            guard let dateInterval else { return index == history.versions.count - 1 }
            return history.isInEffect(versionAt: index, during: dateInterval)
        }
    }

    private func matchesAttributes(_ version: CareTask) -> Bool {
        if let carePlanIDs, !carePlanIDs.contains(where: { $0 == version.carePlanID }) { return false }
        if let tags, !tags.contains(where: version.tags.contains) { return false }
        if let groupIdentifiers, !groupIdentifiers.contains(where: { $0 == version.groupIdentifier }) { return false }
        return true
    }
}

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
