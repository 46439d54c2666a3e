import Foundation
import SQLite

extension AuditTrail {
    /// Appends one entry inside the caller's transaction, attributed to `db.auditActor`, chained to the last.
    @discardableResult
    public static func append(
        _ action: AuditAction, entityType: String, entityID: String, participantID: String?,
        before: String?, after: String?, at date: Date = Date(), in db: StoreConnection
    ) throws -> AuditEntry {
        try append(
            action, actor: db.auditActor, entityType: entityType, entityID: entityID, participantID: participantID,
            before: before, after: after, at: date, in: db)
    }

    /// Records a staff read of a participant's record inside the caller's transaction (a write transaction).
    @discardableResult
    public static func recordRead(
        actor: String, of row: AuditedRow, participantID: String?, at date: Date = Date(), in db: StoreConnection
    ) throws -> AuditEntry {
        try append(
            .read, actor: actor, entityType: row.table, entityID: row.entityID, participantID: participantID,
            before: nil, after: nil, at: date, in: db)
    }

    /// Runs `change`, then appends one entry for `row` with the digests of its state before and after.
    ///
    /// The action is `action`, or derived from the digests (no row before: create; none after: delete;
    /// otherwise update). A change that leaves the row as it was (a retried idempotent write) appends nothing.
    /// For a table of ``AuditedTable/valueTables`` the row's values before and after go into `audit_value`
    /// beside the entry, in the same transaction.
    @discardableResult
    public static func recordChange<Value>(
        _ action: AuditAction? = nil, of row: AuditedRow, participantID: String?, in db: StoreConnection,
        _ change: () throws -> Value
    ) throws -> Value {
        try recordChange(action, of: row, participantID: participantID, actor: db.auditActor, in: db, change)
    }

    /// ``recordChange(_:of:participantID:in:_:)`` attributed to `actor`.
    static func recordChange<Value>(
        _ action: AuditAction?, of row: AuditedRow, participantID: String?, actor: String, in db: StoreConnection,
        _ change: () throws -> Value
    ) throws -> Value {
        let beforeValues = try row.values(in: db)
        let value = try change()
        let afterValues = try row.values(in: db)
        let before = beforeValues?.digest(table: row.table)
        let after = afterValues?.digest(table: row.table)
        guard before != after else { return value }
        let derived: AuditAction = before == nil ? .create : (after == nil ? .delete : .update)
        let entry = try append(
            action ?? derived, actor: actor, entityType: row.table, entityID: row.entityID,
            participantID: participantID, before: before, after: after, at: Date(), in: db)
        if AuditedTable.valueTables.contains(row.table) {
            try AuditValues.store(sequence: entry.sequence, before: beforeValues, after: afterValues, in: db)
        }
        return value
    }

    private static func append(
        _ action: AuditAction, actor: String, entityType: String, entityID: String, participantID: String?,
        before: String?, after: String?, at date: Date, in db: StoreConnection
    ) throws -> AuditEntry {
        guard !actor.isEmpty else {
            throw StoreMisuse("an audit entry needs an actor (set db.auditActor)")
        }
        let last = try db.queryOne("SELECT sequence, entry_hash FROM audit_entry ORDER BY sequence DESC LIMIT 1")
        let entry = AuditEntry(
            sequence: (try last?.int64("sequence") ?? 0) + 1, recordedAt: date, actor: actor, action: action,
            entityType: entityType, entityID: entityID, participantID: participantID, beforeDigest: before,
            afterDigest: after, previousHash: try last?.string("entry_hash") ?? AuditEntry.genesisHash)
        try db.execute(
            """
            INSERT INTO audit_entry (sequence, recorded_at, actor, action, entity_type, entity_id, participant_id,
            before_digest, after_digest, previous_hash, entry_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                entry.sequence, DatabaseDate.string(from: entry.recordedAt), entry.actor, entry.action.rawValue,
                entry.entityType,
                entry.entityID, entry.participantID, entry.beforeDigest, entry.afterDigest, entry.previousHash,
                entry.entryHash,
            ])
        return entry
    }
}
