/// Which care tasks to fetch: every filter is optional and they combine with "and".
///
/// ```swift
/// let plan = try await store.tasks(CareTaskQuery(carePlanIDs: ["plan-1"], tags: ["daily"]))
/// ```
public struct CareTaskQuery: Hashable, Sendable {
    /// Which versions of each task to return.
    public enum Versions: Hashable, Sendable {
        /// Versions in effect: the latest live version, or with a date interval every live version in effect
        /// during it.
        case current
        /// Every version, tombstones included, oldest first (the task's history).
        case all
    }

    /// How results are ordered.
    public enum Sort: Hashable, Sendable {
        case id, title, effectiveDate
    }

    /// Only these task ids.
    public var ids: [String]?
    /// Only tasks of these care plans.
    public var carePlanIDs: [String]?
    /// Only tasks with at least one of these tags.
    public var tags: [String]?
    /// Only tasks with one of these group identifiers.
    public var groupIdentifiers: [String]?
    /// Only versions in effect during these local days (both inclusive).
    public var dateInterval: ClosedRange<LocalDate>?
    /// Current versions or the whole history.
    public var versions: Versions
    /// The order of results; ties keep id order, then version order.
    public var sort: Sort
    /// At most this many results.
    public var limit: Int?
    /// Skip this many results first.
    public var offset: Int

    /// Creates a query; with no arguments it returns the current version of every live task.
    public init(
        ids: [String]? = nil,
        carePlanIDs: [String]? = nil,
        tags: [String]? = nil,
        groupIdentifiers: [String]? = nil,
        dateInterval: ClosedRange<LocalDate>? = nil,
        versions: Versions = .current,
        sort: Sort = .id,
        limit: Int? = nil,
        offset: Int = 0
    ) {
        self.ids = ids
        self.carePlanIDs = carePlanIDs
        self.tags = tags
        self.groupIdentifiers = groupIdentifiers
        self.dateInterval = dateInterval
        self.versions = versions
        self.sort = sort
        self.limit = limit
        self.offset = offset
    }
}
