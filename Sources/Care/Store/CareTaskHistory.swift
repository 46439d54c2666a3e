import Foundation

/// All versions of one care task, oldest first, with the rules every store applies to them.
///
/// Version `i` is in effect on the wall clock from its `effectiveDate` until the next version's (exclusive).
/// A timed event belongs to the version in effect at its start; an all-day event to the version in effect at
/// the end of its day, so a task created at 10:30 still has that day's all-day event. Stores keep histories
/// and call these functions so that every store behaves the same.
public struct CareTaskHistory: Hashable, Sendable {
    /// The versions, oldest first; never empty.
    public private(set) var versions: [CareTask]

    /// A history from stored versions in append order, or nil when there are none.
    public init?(versions: [CareTask]) {
        guard !versions.isEmpty else { return nil }
        self.versions = versions
    }

    /// The task id.
    public var id: String { latest.id }

    /// The newest version.
    public var latest: CareTask { versions[versions.count - 1] }

    /// Checks a task's first version: live, valid schedule.
    public static func firstVersion(_ task: CareTask) throws(CareStoreError) -> CheckedTaskVersion {
        if task.isDeleted { throw .taskDeleted(task.id) }
        do { try task.schedule.validate() } catch { throw .invalidSchedule(taskID: task.id, error) }
        return CheckedTaskVersion(task, sequence: 0)
    }

    /// Checks and appends a new version: the task is live and the version takes effect no earlier than the latest.
    public mutating func append(_ version: CareTask) throws(CareStoreError) {
        if latest.isDeleted { throw .taskDeleted(id) }
        guard version.id == id else { throw .unknownTask(version.id) }
        if version.effectiveDate < latest.effectiveDate { throw .versionBeforePrevious(taskID: id) }
        if !version.isDeleted {
            do { try version.schedule.validate() } catch { throw .invalidSchedule(taskID: id, error) }
        }
        versions.append(version)
    }

    /// Checks and appends `task` as a new live version (see ``append(_:)``) and returns the version to store.
    public mutating func appendUpdate(_ task: CareTask) throws(CareStoreError) -> CheckedTaskVersion {
        var version = task
        version.isDeleted = false
        try append(version)
        return CheckedTaskVersion(version, sequence: versions.count - 1)
    }

    /// Checks and appends a tombstone that deletes the task from `effectiveDate`, and returns it to store.
    public mutating func appendTombstone(
        effectiveFrom effectiveDate: LocalDateTime, versionID: String
    ) throws(CareStoreError) -> CheckedTaskVersion {
        let tombstone = tombstone(effectiveFrom: effectiveDate, versionID: versionID)
        try append(tombstone)
        return CheckedTaskVersion(tombstone, sequence: versions.count - 1)
    }

    /// A tombstone version that deletes the task from `effectiveDate`.
    public func tombstone(effectiveFrom effectiveDate: LocalDateTime, versionID: String) -> CareTask {
        var tombstone = latest
        tombstone.versionID = versionID
        tombstone.effectiveDate = effectiveDate
        tombstone.isDeleted = true
        return tombstone
    }

    /// The histories of stored versions listed task by task, each task's versions in append order (as a store's
    /// query sorted by task id and sequence returns them).
    public static func histories(fromVersionsInOrder versions: [CareTask]) -> [CareTaskHistory] {
        var histories: [CareTaskHistory] = []
        var current: [CareTask] = []
        for version in versions {
            if let last = current.last, last.id != version.id {
                if let history = CareTaskHistory(versions: current) { histories.append(history) }
                current = []
            }
            current.append(version)
        }
        if let history = CareTaskHistory(versions: current) { histories.append(history) }
        return histories
    }

    /// The wall-clock keys `[lower, upper)` during which version `index` is in effect.
    func window(of index: Int) -> (lower: Int, upper: Int?) {
        let lower = versions[index].effectiveDate.nominalSeconds
        let upper = index + 1 < versions.count ? versions[index + 1].effectiveDate.nominalSeconds : nil
        return (lower, upper)
    }

    /// Whether version `index` is in effect at some time during the local days of `interval`.
    public func isInEffect(versionAt index: Int, during interval: ClosedRange<LocalDate>) -> Bool {
        let window = window(of: index)
        let lower = interval.lowerBound.startOfDay.nominalSeconds
        let upper = interval.upperBound.addingDays(1).startOfDay.nominalSeconds
        return window.lower < upper && (window.upper ?? Int.max) > lower && window.lower < (window.upper ?? Int.max)
    }

    /// The events of every live version whose real intervals overlap `[lower, upper)`, each from the version in
    /// effect at its key (intended start), sorted by version then occurrence.
    public func scheduleEvents(
        from lower: LocalDateTime, to upper: LocalDateTime, in zone: TimeZone
    ) -> [(task: CareTask, event: ScheduleEvent)] {
        scheduleEvents(from: lower, to: upper, in: ZoneRules.cached(zone))
    }

    /// `scheduleEvents(from:to:in:)` with the zone's rules already read (once per query, not per task).
    public func scheduleEvents(
        from lower: LocalDateTime, to upper: LocalDateTime, in zone: ZoneRules
    ) -> [(task: CareTask, event: ScheduleEvent)] {
        var scratch: [ScheduleEvent] = []
        var found: [PlannedEvent] = []
        appendScheduleEvents(from: lower, to: upper, in: zone, scratch: &scratch, to: &found)
        return found.map { ($0.task, $0.event) }
    }

    /// Appends the events of `scheduleEvents(from:to:in:)` to `found`, in the same order.
    ///
    /// `scratch` holds each version's schedule events before they are matched to the version (it is emptied
    /// first and keeps its capacity): a store evaluating many tasks passes one buffer for all of them, so a
    /// query allocates no array per task.
    public func appendScheduleEvents(
        from lower: LocalDateTime, to upper: LocalDateTime, in zone: ZoneRules, scratch: inout [ScheduleEvent],
        to found: inout [PlannedEvent]
    ) {
        for (index, version) in versions.enumerated() where !version.isDeleted {
            let window = window(of: index)
            let limit = window.upper ?? Int.max
            guard limit > window.lower else { continue }
            // The version's end bounds the keys considered (a version key is never before its key), not the
            // query's real interval.
            scratch.removeAll(keepingCapacity: true)
            version.schedule.appendEvents(
                lowerKey: lower.nominalSeconds, upperKey: upper.nominalSeconds, keysBefore: limit, in: zone,
                to: &scratch, lowerDate: lower.date)
            for event in scratch where event.versionKey >= window.lower && event.versionKey < limit {
                found.append(PlannedEvent(task: version, event: event))
            }
        }
    }

    /// The event `occurrence` of version `versionID`, or `occurrenceNotFound` when that version has no such
    /// event while it is in effect.
    public func event(versionID: String, occurrence: Int) throws(CareStoreError) -> (
        task: CareTask, event: ScheduleEvent
    ) {
        guard let index = versions.firstIndex(where: { $0.versionID == versionID }) else {
            throw .unknownTaskVersion(versionID)
        }
        let version = versions[index]
        let window = window(of: index)
        guard !version.isDeleted, let event = version.schedule.event(occurrence: occurrence, in: Self.utc),
            event.versionKey >= window.lower, event.versionKey < (window.upper ?? Int.max)
        else { throw .occurrenceNotFound(taskVersionID: versionID, occurrence: occurrence) }
        return (version, event)
    }

    /// `outcome` as a store records it for its event: checked against the version's schedule (`unknownTaskVersion`,
    /// `occurrenceNotFound`), live, updated when created, with the event's wall-clock start.
    ///
    /// The store rounds `createdDate` to its own resolution first and checks the one-live-outcome rule itself.
    public func recording(_ outcome: Outcome) throws(CareStoreError) -> Outcome {
        guard outcome.taskID == id else { throw .unknownTaskVersion(outcome.taskVersionID) }
        let event = try event(versionID: outcome.taskVersionID, occurrence: outcome.occurrenceIndex)
        var stored = outcome
        stored.updatedDate = outcome.createdDate
        stored.deletedDate = nil
        stored.eventStart = event.event.localStart
        return stored
    }

    private static let utc = TimeZone(secondsFromGMT: 0) ?? TimeZone.current
}

extension ScheduleEvent {
    /// The wall-clock time that decides which task version an event belongs to.
    var versionKey: Int {
        localStart.nominalSeconds + (isAllDay ? CivilCalendar.secondsPerDay - 1 : 0)
    }
}
