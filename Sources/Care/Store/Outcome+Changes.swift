import Foundation

extension Outcome {
    /// This outcome with its values replaced at `date`; `outcomeDeleted` for a tombstone.
    public func updating(values: [OutcomeValue], at date: Date) throws(CareStoreError) -> Outcome {
        if !isLive { throw .outcomeDeleted(id) }
        var updated = self
        updated.values = values
        updated.updatedDate = date
        return updated
    }
}
