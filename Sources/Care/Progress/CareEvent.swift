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

    /// The event's progress under the task's progress rule.
    public var progress: EventProgress {
        EventProgress(rule: task.progressRule, targets: scheduleEvent.targetValues, outcome: outcome)
    }
}
