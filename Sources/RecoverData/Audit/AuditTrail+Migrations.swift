import SQLite

extension AuditTrail {
    /// The audit area's migrations. ``Database/open(at:migrations:configuration:)`` applies them to every
    /// Recover database before the caller's list, so every store can rely on the audit table.
    ///
    /// The triggers refuse UPDATE and DELETE at the SQL level; someone who edits the file itself (or drops
    /// the triggers) is caught by ``verify(in:)`` instead, because every entry hashes the one before it.
    public static let migrations: [Migration] = [
        Migration(
            name: "audit-001-create",
            sql: """
                CREATE TABLE audit_entry (
                    sequence INTEGER NOT NULL UNIQUE,
                    recorded_at TEXT NOT NULL,
                    actor TEXT NOT NULL,
                    action TEXT NOT NULL CHECK (action IN ('create', 'update', 'delete', 'read')),
                    entity_type TEXT NOT NULL,
                    entity_id TEXT NOT NULL,
                    participant_id TEXT,
                    before_digest TEXT,
                    after_digest TEXT,
                    previous_hash TEXT NOT NULL,
                    entry_hash TEXT NOT NULL
                ) STRICT;
                CREATE INDEX audit_entry_entity ON audit_entry (entity_id, sequence);
                CREATE INDEX audit_entry_participant ON audit_entry (participant_id, sequence);
                CREATE TRIGGER audit_entry_no_update BEFORE UPDATE ON audit_entry
                BEGIN
                    SELECT RAISE(ABORT, 'the audit trail is append-only: entries cannot be changed');
                END;
                CREATE TRIGGER audit_entry_no_delete BEFORE DELETE ON audit_entry
                BEGIN
                    SELECT RAISE(ABORT, 'the audit trail is append-only: entries cannot be deleted');
                END;
                """)
    ]
}
