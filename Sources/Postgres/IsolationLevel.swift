/// A transaction isolation level (PostgreSQL has no READ UNCOMMITTED of its own).
public enum IsolationLevel: String, Hashable, Sendable, CaseIterable {
    /// Each statement sees what was committed before it began.
    case readCommitted = "READ COMMITTED"
    /// The whole transaction sees one snapshot; a write that conflicts with a concurrent one fails with a
    /// serialization failure (retried).
    case repeatableRead = "REPEATABLE READ"
    /// As if the transactions had run one after another; a transaction that would break that fails with a
    /// serialization failure (retried). Like SQLite's single writer, so stores written for it stay correct.
    case serializable = "SERIALIZABLE"
}
