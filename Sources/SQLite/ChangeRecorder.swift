import RowChanges

/// Told about every row change a store makes inside a write, around the change itself (an audit trail).
///
/// The core knows no domain: stores name the row they change with ``DatabaseConnection/recordingChange(_:of:owner:_:)``
/// and whoever opened the transaction decides what is recorded, by setting ``DatabaseConnection/changeRecorder``
/// (each write starts with the database's default recorder).
///
/// ```swift
/// try db.recordingChange(.create, of: RowReference(table: "note", key: id), owner: nil) {
///     try db.execute("INSERT INTO note (id) VALUES (?)", [id])
/// }
/// ```
public protocol ChangeRecorder: Sendable {
    /// Runs `change` on `db` and records what it did to `row`; `kind` is nil when the store leaves it to the
    /// recorder to tell (a row created, updated or deleted). `owner` is whose record the row is, if anyone's.
    func recordChange<Value>(
        _ kind: RowChangeKind?, of row: RowReference, owner: String?, in db: DatabaseConnection,
        _ change: () throws -> Value
    ) throws -> Value
}

extension DatabaseConnection {
    /// Runs `change`, telling the connection's ``changeRecorder`` (if any) that it changes `row`.
    @discardableResult
    public func recordingChange<Value>(
        _ kind: RowChangeKind? = nil, of row: RowReference, owner: String?, _ change: () throws -> Value
    ) throws -> Value {
        guard let changeRecorder else { return try change() }
        return try changeRecorder.recordChange(kind, of: row, owner: owner, in: self, change)
    }
}
