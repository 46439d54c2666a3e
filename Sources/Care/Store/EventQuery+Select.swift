import Foundation

/// A task version and one of its schedule events, before its outcome is attached.
public struct PlannedEvent: Hashable, Sendable {
    /// The task version in effect at the event.
    public var task: CareTask
    /// The schedule event.
    public var event: ScheduleEvent

    /// The key an outcome of this event has.
    public var key: OutcomeKey { OutcomeKey(taskVersionID: task.versionID, occurrenceIndex: event.occurrence) }

    /// For each task version of `planned`, the smallest range of occurrences holding its events, by version id:
    /// what a store reads the live outcomes of before ``EventQuery/attach(_:outcomes:)``.
    public static func occurrenceRanges(
        of planned: [PlannedEvent]
    ) -> [(taskVersionID: String, occurrences: ClosedRange<Int>)] {
        var ranges: [String: ClosedRange<Int>] = [:]
        for item in planned {
            let occurrence = item.event.occurrence
            let range = ranges[item.task.versionID].map {
                min($0.lowerBound, occurrence)...max($0.upperBound, occurrence)
            }
            ranges[item.task.versionID] = range ?? occurrence...occurrence
        }
        return ranges.sorted { $0.key < $1.key }.map { (taskVersionID: $0.key, occurrences: $0.value) }
    }
}

extension EventQuery {
    /// The zone of the query, or `unknownTimeZone`.
    public func timeZone() throws(CareStoreError) -> TimeZone {
        guard let zone = TimeZone(identifier: timeZoneIdentifier) else { throw .unknownTimeZone(timeZoneIdentifier) }
        return zone
    }

    /// The events of `histories` this query selects, sorted by real start instant, then task id, then occurrence
    /// index, and paged in that order.
    public func plan(from histories: [CareTaskHistory]) throws(CareStoreError) -> [PlannedEvent] {
        let zone = ZoneRules.cached(try timeZone())
        var planned: [PlannedEvent] = []
        var scratch: [ScheduleEvent] = []
        for history in histories {
            if let taskIDs, !taskIDs.contains(history.id) { continue }
            let first = planned.endIndex
            history.appendScheduleEvents(from: lower, to: upper, in: zone, scratch: &scratch, to: &planned)
            if let carePlanIDs {
                planned[first...].removeAll { item in !carePlanIDs.contains { $0 == item.task.carePlanID } }
            }
        }
        // By when events really start, as the schedule selects them (a gap moves a daily 02:30 event after a 03:10
        // one), then task and occurrence so that every store pages the same.
        planned.sort {
            ($0.event.start, $0.task.id, $0.event.occurrence) < ($1.event.start, $1.task.id, $1.event.occurrence)
        }
        return Array(planned.dropFirst(max(offset, 0)).prefix(max(limit ?? Int.max, 0)))
    }

    /// Joins planned events with their live outcomes.
    public static func attach(_ planned: [PlannedEvent], outcomes: [Outcome]) -> [CareEvent] {
        var byKey: [OutcomeKey: Outcome] = [:]
        for outcome in outcomes where outcome.isLive { byKey[outcome.key] = outcome }
        return planned.map { CareEvent(task: $0.task, scheduleEvent: $0.event, outcome: byKey[$0.key]) }
    }
}
