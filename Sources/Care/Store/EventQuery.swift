/// Which events to compute: those overlapping a wall-clock range, evaluated in the patient's zone.
///
/// ```swift
/// let today = EventQuery(day: LocalDate("2025-06-02")!, timeZoneIdentifier: patient.timeZoneIdentifier)
/// ```
public struct EventQuery: Hashable, Sendable {
    /// The inclusive wall-clock start of the range.
    public var lower: LocalDateTime
    /// The exclusive wall-clock end of the range.
    public var upper: LocalDateTime
    /// The zone the events' instants are computed in (the patient's).
    public var timeZoneIdentifier: String
    /// Only events of these task ids.
    public var taskIDs: [String]?
    /// Only events of tasks in these care plans.
    public var carePlanIDs: [String]?
    /// At most this many results.
    public var limit: Int?
    /// Skip this many results first.
    public var offset: Int

    /// Events overlapping `[lower, upper)` on the wall clock.
    public init(
        from lower: LocalDateTime,
        to upper: LocalDateTime,
        timeZoneIdentifier: String,
        taskIDs: [String]? = nil,
        carePlanIDs: [String]? = nil,
        limit: Int? = nil,
        offset: Int = 0
    ) {
        self.lower = lower
        self.upper = upper
        self.timeZoneIdentifier = timeZoneIdentifier
        self.taskIDs = taskIDs
        self.carePlanIDs = carePlanIDs
        self.limit = limit
        self.offset = offset
    }

    /// Events overlapping the local day `day`.
    public init(
        day: LocalDate, timeZoneIdentifier: String, taskIDs: [String]? = nil, carePlanIDs: [String]? = nil
    ) {
        self.init(
            from: day.startOfDay, to: day.addingDays(1).startOfDay, timeZoneIdentifier: timeZoneIdentifier,
            taskIDs: taskIDs, carePlanIDs: carePlanIDs)
    }

    /// Events overlapping the local days `first` through `last`, both inclusive.
    public init(
        from first: LocalDate, through last: LocalDate, timeZoneIdentifier: String, taskIDs: [String]? = nil,
        carePlanIDs: [String]? = nil
    ) {
        self.init(
            from: first.startOfDay, to: last.addingDays(1).startOfDay, timeZoneIdentifier: timeZoneIdentifier,
            taskIDs: taskIDs, carePlanIDs: carePlanIDs)
    }
}
