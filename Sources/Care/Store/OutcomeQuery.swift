/// Which outcomes to fetch: every filter is optional and they combine with "and".
public struct OutcomeQuery: Hashable, Sendable {
    /// How results are ordered.
    public enum Sort: Hashable, Sendable {
        /// By the event's wall-clock start, then task id.
        case eventStart
        /// By creation date, newest first.
        case newestFirst
    }

    /// Only outcomes of these task ids.
    public var taskIDs: [String]?
    /// Only outcomes of these task versions.
    public var taskVersionIDs: [String]?
    /// Only outcomes whose event starts on these local days (both inclusive).
    public var dateInterval: ClosedRange<LocalDate>?
    /// Only outcomes with at least one value of one of these kinds.
    public var kinds: [String]?
    /// Whether tombstones are returned too.
    public var includeDeleted: Bool
    /// The order of results.
    public var sort: Sort
    /// At most this many results.
    public var limit: Int?
    /// Skip this many results first.
    public var offset: Int

    /// Creates a query; with no arguments it returns every live outcome.
    public init(
        taskIDs: [String]? = nil,
        taskVersionIDs: [String]? = nil,
        dateInterval: ClosedRange<LocalDate>? = nil,
        kinds: [String]? = nil,
        includeDeleted: Bool = false,
        sort: Sort = .eventStart,
        limit: Int? = nil,
        offset: Int = 0
    ) {
        self.taskIDs = taskIDs
        self.taskVersionIDs = taskVersionIDs
        self.dateInterval = dateInterval
        self.kinds = kinds
        self.includeDeleted = includeDeleted
        self.sort = sort
        self.limit = limit
        self.offset = offset
    }
}
