import Postgres
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
                """),
        Migration(name: "audit-002-checkpoint", sql: checkpointSQLite),
        Migration(name: "audit-003-values", sql: valuesSQLite),
    ]

    /// The values of a change beside its entry (``AuditValues``), append-only like the entries: the row
    /// before and after as JSON (NULL for none). Not covered by the entry's hash (the chain format is
    /// unchanged); the values must hash to the entry's digests instead.
    static let valuesSQLite = """
        CREATE TABLE audit_value (
            sequence INTEGER PRIMARY KEY,
            before_json TEXT,
            after_json TEXT
        ) STRICT;
        """ + appendOnlyTriggersSQLite(on: "audit_value", rows: "values")

    /// The values table on PostgreSQL.
    static let postgresValuesMigration = PostgresMigration(
        name: "audit-003-values",
        sql: """
            CREATE TABLE audit_value (
                sequence bigint PRIMARY KEY,
                before_json text,
                after_json text
            );
            """ + appendOnlyTriggersPostgres(on: "audit_value"))

    /// SQLite triggers refusing UPDATE and DELETE of `table` (`the audit trail is append-only: <rows> cannot be
    /// changed`), for tables added from here on (the landed migrations keep their text).
    static func appendOnlyTriggersSQLite(on table: String, rows: String) -> String {
        [("update", "changed"), ("delete", "deleted")].map { action, verb in
            """
            CREATE TRIGGER \(table)_no_\(action) BEFORE \(action.uppercased()) ON \(table)
            BEGIN
                SELECT RAISE(ABORT, 'the audit trail is append-only: \(rows) cannot be \(verb)');
            END;

            """
        }.joined()
    }

    /// PostgreSQL triggers refusing UPDATE, DELETE and TRUNCATE of `table` with the audit trail's function.
    static func appendOnlyTriggersPostgres(on table: String) -> String {
        """
        CREATE TRIGGER \(table)_no_change BEFORE UPDATE OR DELETE ON \(table)
            FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only();
        CREATE TRIGGER \(table)_no_truncate BEFORE TRUNCATE ON \(table)
            FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only();
        """
    }

    /// Signed checkpoints (``AuditCheckpoint``), append-only like the entries; `daily` is the UTC day of an
    /// automatic checkpoint (one per day, whichever instance makes it), NULL for one made on request.
    static let checkpointSQLite = """
        CREATE TABLE audit_checkpoint (
            entries INTEGER NOT NULL CHECK (entries >= 0),
            head_hash TEXT NOT NULL,
            created_at TEXT NOT NULL,
            key_id TEXT NOT NULL,
            signature BLOB NOT NULL,
            daily TEXT UNIQUE
        ) STRICT;
        CREATE INDEX audit_checkpoint_entries ON audit_checkpoint (entries, created_at);
        CREATE TRIGGER audit_checkpoint_no_update BEFORE UPDATE ON audit_checkpoint
        BEGIN
            SELECT RAISE(ABORT, 'audit checkpoints are append-only: they cannot be changed');
        END;
        CREATE TRIGGER audit_checkpoint_no_delete BEFORE DELETE ON audit_checkpoint
        BEGIN
            SELECT RAISE(ABORT, 'audit checkpoints are append-only: they cannot be deleted');
        END;
        """

    /// The checkpoint table on PostgreSQL.
    static let postgresCheckpointMigration = PostgresMigration(
        name: "audit-002-checkpoint",
        sql: """
            CREATE TABLE audit_checkpoint (
                entries bigint NOT NULL CHECK (entries >= 0),
                head_hash text NOT NULL,
                created_at text COLLATE "C" NOT NULL,
                key_id text NOT NULL,
                signature bytea NOT NULL,
                daily text COLLATE "C" UNIQUE
            );
            CREATE INDEX audit_checkpoint_entries ON audit_checkpoint (entries, created_at);
            CREATE TRIGGER audit_checkpoint_no_change BEFORE UPDATE OR DELETE ON audit_checkpoint
                FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only();
            CREATE TRIGGER audit_checkpoint_no_truncate BEFORE TRUNCATE ON audit_checkpoint
                FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only();
            """)
}
