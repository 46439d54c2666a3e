extension AuditTrail {
    /// The audit area: the entries, the signed checkpoints and the values of changes, all append-only.
    /// ``RecoverSchema/open(at:migrations:configuration:)`` applies its migrations to every Recover database
    /// before the caller's list, so every store can rely on the audit table.
    ///
    /// The triggers refuse UPDATE and DELETE at the SQL level (and TRUNCATE on PostgreSQL); someone who edits the
    /// file itself (or drops the triggers) is caught by ``verify(in:)`` instead, because every entry hashes the
    /// one before it.
    ///
    /// - `audit-002-checkpoint`: signed checkpoints (``AuditCheckpoint``); `daily` is the UTC day of an automatic
    ///   checkpoint (one per day, whichever instance makes it), NULL for one made on request.
    /// - `audit-003-values`: the values of a change beside its entry (``AuditValues``): the row before and after as
    ///   JSON (NULL for none). Not covered by the entry's hash (the chain format is unchanged); the values must
    ///   hash to the entry's digests instead.
    public static let schema = SchemaArea(
        tables: [
            .copied("audit_entry", orderedBy: "sequence"),
            .copied("audit_checkpoint", orderedBy: "entries, created_at"),
            .copied("audit_value", orderedBy: "sequence"),
        ],
        migrations: [
            SchemaMigration(
                name: "audit-001-create",
                sqlite: """
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
                    """,
                postgres: """
                    CREATE TABLE audit_entry (
                        sequence bigint NOT NULL UNIQUE,
                        recorded_at text COLLATE "C" NOT NULL,
                        actor text NOT NULL,
                        action text NOT NULL CHECK (action IN ('create', 'update', 'delete', 'read')),
                        entity_type text NOT NULL,
                        entity_id text COLLATE "C" NOT NULL,
                        participant_id text COLLATE "C",
                        before_digest text,
                        after_digest text,
                        previous_hash text NOT NULL,
                        entry_hash text NOT NULL
                    );
                    CREATE INDEX audit_entry_entity ON audit_entry (entity_id, sequence);
                    CREATE INDEX audit_entry_participant ON audit_entry (participant_id, sequence);
                    CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        RAISE EXCEPTION 'the audit trail is append-only: entries cannot be changed or deleted';
                    END;
                    $$;
                    CREATE TRIGGER audit_entry_no_change BEFORE UPDATE OR DELETE ON audit_entry
                        FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only();
                    CREATE TRIGGER audit_entry_no_truncate BEFORE TRUNCATE ON audit_entry
                        FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only();
                    """),
            SchemaMigration(
                name: "audit-002-checkpoint",
                sqlite: """
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
                    """,
                postgres: """
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
                    """),
            SchemaMigration(
                name: "audit-003-values",
                sqlite: """
                    CREATE TABLE audit_value (
                        sequence INTEGER PRIMARY KEY,
                        before_json TEXT,
                        after_json TEXT
                    ) STRICT;CREATE TRIGGER audit_value_no_update BEFORE UPDATE ON audit_value
                    BEGIN
                        SELECT RAISE(ABORT, 'the audit trail is append-only: values cannot be changed');
                    END;
                    CREATE TRIGGER audit_value_no_delete BEFORE DELETE ON audit_value
                    BEGIN
                        SELECT RAISE(ABORT, 'the audit trail is append-only: values cannot be deleted');
                    END;

                    """,
                postgres: """
                    CREATE TABLE audit_value (
                        sequence bigint PRIMARY KEY,
                        before_json text,
                        after_json text
                    );CREATE TRIGGER audit_value_no_change BEFORE UPDATE OR DELETE ON audit_value
                        FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only();
                    CREATE TRIGGER audit_value_no_truncate BEFORE TRUNCATE ON audit_value
                        FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only();
                    """),
        ])
}
