import Foundation
import Postgres
import RowChanges
import SQLite

/// The audit trail as the database's change recorder (both cores have the hook): every row change a store
/// makes is appended to the trail in the same transaction, attributed to `actor`.
///
/// ``RecoverSchema`` installs it with the `system` actor; a use case names its actor at the start of its write
/// (`db.auditActor = "account:\(id)"`).
public struct AuditRecorder: ChangeRecorder, PostgresChangeRecorder {
    /// Who the entries are attributed to (`account:<id>`, `cli:export`, `system`).
    public var actor: String

    /// The actor of writes that do not name one: the server or a tool acting on its own.
    public static let systemActor = "system"

    /// A recorder attributing entries to `actor`.
    public init(actor: String) { self.actor = actor }

    /// Runs `change` on the SQLite connection and appends the audit entry for `row`, attributed to ``actor``, in
    /// the same transaction; a nil `kind` leaves the trail to tell a create, update or delete from the row's digests.
    public func recordChange<Value>(
        _ kind: RowChangeKind?, of row: RowReference, owner: String?, in db: DatabaseConnection,
        _ change: () throws -> Value
    ) throws -> Value {
        try record(kind, of: row, owner: owner, in: StoreConnection(db), change)
    }

    /// Runs `change` on the PostgreSQL connection and appends the audit entry for `row`, attributed to ``actor``, in
    /// the same transaction; a nil `kind` leaves the trail to tell a create, update or delete from the row's digests.
    public func recordChange<Value>(
        _ kind: RowChangeKind?, of row: RowReference, owner: String?, in db: PostgresConnection,
        _ change: () throws -> Value
    ) throws -> Value {
        try record(kind, of: row, owner: owner, in: StoreConnection(db), change)
    }

    private func record<Value>(
        _ kind: RowChangeKind?, of row: RowReference, owner: String?, in db: StoreConnection,
        _ change: () throws -> Value
    ) throws -> Value {
        try AuditTrail.recordChange(
            kind.map { AuditAction(rawValue: $0.rawValue) ?? .update }, of: row, participantID: owner, actor: actor,
            in: db, change)
    }
}

extension StoreConnection {
    /// Who the audit entries of the current write are attributed to; setting it installs an ``AuditRecorder``.
    public var auditActor: String {
        get {
            switch native {
            case .sqlite(let db): (db.changeRecorder as? AuditRecorder)?.actor ?? AuditRecorder.systemActor
            case .postgres(let db): (db.changeRecorder as? AuditRecorder)?.actor ?? AuditRecorder.systemActor
            }
        }
        set {
            switch native {
            case .sqlite(let db): db.changeRecorder = AuditRecorder(actor: newValue)
            case .postgres(let db): db.changeRecorder = AuditRecorder(actor: newValue)
            }
        }
    }
}
