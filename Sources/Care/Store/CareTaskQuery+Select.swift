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
