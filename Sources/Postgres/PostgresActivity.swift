import Synchronization

/// What a database has done since it opened: transactions, their retries, statements and connections.
///
/// Tests read it before and after one request to count that request's work, as with SQLite's
/// `DatabaseActivity`.
public struct PostgresActivity: Hashable, Sendable {
    /// `read` closures run (each attempt counts once).
    public var readTransactions = 0
    /// `write` closures run (each attempt counts once).
    public var writeTransactions = 0
    /// Transactions run again after a serialization failure or a deadlock.
    public var retries = 0
    /// Statements run by callers' closures (not the transaction statements around them).
    public var statements = 0
    /// Connections opened, including those replacing broken ones.
    public var connectionsOpened = 0

    /// The work done between `earlier` and this.
    public func since(_ earlier: PostgresActivity) -> PostgresActivity {
        PostgresActivity(
            readTransactions: readTransactions - earlier.readTransactions,
            writeTransactions: writeTransactions - earlier.writeTransactions, retries: retries - earlier.retries,
            statements: statements - earlier.statements,
            connectionsOpened: connectionsOpened - earlier.connectionsOpened)
    }
}

/// The counters behind ``PostgresActivity``, shared by a database's connections.
final class ActivityCounters: Sendable {
    let reads = Atomic<Int>(0)
    let writes = Atomic<Int>(0)
    let retries = Atomic<Int>(0)
    let statements = Atomic<Int>(0)
    let connections = Atomic<Int>(0)

    var snapshot: PostgresActivity {
        PostgresActivity(
            readTransactions: reads.load(ordering: .relaxed), writeTransactions: writes.load(ordering: .relaxed),
            retries: retries.load(ordering: .relaxed), statements: statements.load(ordering: .relaxed),
            connectionsOpened: connections.load(ordering: .relaxed))
    }
}
