/// One event of a task version with its outcome, computed on read from the schedule and the stored outcomes.
public struct CareEvent: Codable, Hashable, Sendable {
    /// The task version in effect at the event.
    public var task: CareTask
    /// When the event is due.
    public var scheduleEvent: ScheduleEvent
    /// The live outcome recorded for the event, if any.
    public var outcome: Outcome?

    /// Creates an event.
    public init(task: CareTask, scheduleEvent: ScheduleEvent, outcome: Outcome?) {
        self.task = task
        self.scheduleEvent = scheduleEvent
        self.outcome = outcome
    }

    /// The schedule element that produced the event, or nil when the task's schedule has no such element.
    public var element: ScheduleElement? {
        let elements = task.schedule.elements
        return elements.indices.contains(scheduleEvent.element) ? elements[scheduleEvent.element] : nil
    }

    /// The element's text shown with the event.
    public var text: String? { element?.text }

    /// The values an outcome should reach for the event to count as complete (the element's targets).
    public var targetValues: [OutcomeValue] { element?.targetValues ?? [] }

    /// The event's progress under the task's progress rule.
    public var progress: EventProgress {
        EventProgress(rule: task.progressRule, targets: targetValues, outcome: outcome)
    }
}
