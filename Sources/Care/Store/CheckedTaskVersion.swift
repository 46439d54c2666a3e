/// A task version checked against its task's history, with its place in that history: what a store inserts for
/// `addTask`, `updateTask` and `deleteTask`.
///
/// Only `CareTaskHistory` makes one (``CareTaskHistory/firstVersion(_:)``, ``CareTaskHistory/appendUpdate(_:)``,
/// ``CareTaskHistory/appendTombstone(effectiveFrom:versionID:)``), so a store's insert cannot skip the rules.
public struct CheckedTaskVersion: Hashable, Sendable {
    /// The version as it is stored.
    public let version: CareTask
    /// Its position among the task's versions, from 0.
    public let sequence: Int

    init(_ version: CareTask, sequence: Int) {
        self.version = version
        self.sequence = sequence
    }
}
