import Synchronization

/// What a database has done since it opened: transactions begun by callers and statements run.
///
/// Tests read it before and after one request to count that request's work (docs/architecture.md).
public struct DatabaseActivity: Hashable, Sendable {
    /// `read` closures run (one read transaction each).
    public var readTransactions = 0
    /// `write` closures run (each one transaction, or one savepoint of a shared commit).
    public var writeTransactions = 0
    /// Statements run by callers' closures (not the transaction statements around them).
    public var statements = 0

    /// The work done between `earlier` and this.
    public func since(_ earlier: DatabaseActivity) -> DatabaseActivity {
        DatabaseActivity(
            readTransactions: readTransactions - earlier.readTransactions,
            writeTransactions: writeTransactions - earlier.writeTransactions,
            statements: statements - earlier.statements)
    }
}

/// The counters behind ``DatabaseActivity``, shared by the database's connections.
final class ActivityCounters: Sendable {
    let reads = Atomic<Int>(0)
    let writes = Atomic<Int>(0)
    let statements = Atomic<Int>(0)

    var snapshot: DatabaseActivity {
        DatabaseActivity(
            readTransactions: reads.load(ordering: .relaxed), writeTransactions: writes.load(ordering: .relaxed),
            statements: statements.load(ordering: .relaxed))
    }
}
