/// The event an outcome belongs to: a task version and an occurrence index in its schedule.
public struct OutcomeKey: Hashable, Sendable {
    /// The task version.
    public var taskVersionID: String
    /// The occurrence index in that version's schedule.
    public var occurrenceIndex: Int

    /// Creates a key.
    public init(taskVersionID: String, occurrenceIndex: Int) {
        self.taskVersionID = taskVersionID
        self.occurrenceIndex = occurrenceIndex
    }
}

extension Outcome {
    /// The event this outcome belongs to.
    public var key: OutcomeKey { OutcomeKey(taskVersionID: taskVersionID, occurrenceIndex: occurrenceIndex) }
}
