import Foundation
import RowChanges

/// Told about every row change a store makes inside a write, around the change itself (an audit trail): the
/// PostgreSQL twin of the SQLite core's `ChangeRecorder` (both name rows with `RowChanges`' types), so stores on
/// either database are recorded alike.
///
/// ```swift
/// try db.recordingChange(.create, of: RowReference(table: "note", key: id), owner: nil) {
///     try db.execute("INSERT INTO note (id) VALUES ($1)", [id])
/// }
/// ```
public protocol PostgresChangeRecorder: Sendable {
    /// Runs `change` on `db` and records what it did to `row`; `kind` is nil when the store leaves it to the
    /// recorder to tell. `owner` is whose record the row is, if anyone's.
    func recordChange<Value>(
        _ kind: RowChangeKind?, of row: RowReference, owner: String?, in db: PostgresConnection,
        _ change: () throws -> Value
    ) throws -> Value
}

extension PostgresConnection {
    /// Runs `change`, telling the connection's ``changeRecorder`` (if any) that it changes `row`.
    @discardableResult
    public func recordingChange<Value>(
        _ kind: RowChangeKind? = nil, of row: RowReference, owner: String?,
        _ change: () throws -> Value
    ) throws -> Value {
        guard let changeRecorder else { return try change() }
        return try changeRecorder.recordChange(kind, of: row, owner: owner, in: self, change)
    }
}
