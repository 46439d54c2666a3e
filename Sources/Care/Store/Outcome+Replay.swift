extension Outcome {
    /// The answer to a write of `attempt` when this outcome is already stored under the same id.
    ///
    /// A retry (same id, same task and event) returns this stored outcome unchanged: the first write wins, even if
    /// the retry carries other values. The same id for another event is `duplicateID`: ids must be fresh.
    public func replaying(_ attempt: Outcome) throws(CareStoreError) -> Outcome {
        guard key == attempt.key, taskID == attempt.taskID else {
            throw .duplicateID(entity: "outcome", id: attempt.id)
        }
        return self
    }
}
