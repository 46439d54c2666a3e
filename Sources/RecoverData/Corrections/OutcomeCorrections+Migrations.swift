extension OutcomeCorrections {
    /// The corrections' table, append-only (a correction is corrected by another correction).
    public static let schema = SchemaArea(
        tables: [.copied("outcome_correction", orderedBy: "id")],
        migrations: [
            SchemaMigration(
                name: "corrections-001-create",
                sqlite: """
                    CREATE TABLE outcome_correction (
                        id TEXT PRIMARY KEY NOT NULL,
                        outcome_id TEXT NOT NULL,
                        participant_id TEXT NOT NULL,
                        value_kind TEXT NOT NULL,
                        old_value INTEGER NOT NULL,
                        new_value INTEGER NOT NULL,
                        reason TEXT NOT NULL CHECK (length(reason) > 0),
                        staff_id TEXT NOT NULL,
                        corrected_at TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX outcome_correction_participant ON outcome_correction (participant_id, corrected_at);CREATE TRIGGER outcome_correction_no_update BEFORE UPDATE ON outcome_correction
                    BEGIN
                        SELECT RAISE(ABORT, 'the audit trail is append-only: corrections cannot be changed');
                    END;
                    CREATE TRIGGER outcome_correction_no_delete BEFORE DELETE ON outcome_correction
                    BEGIN
                        SELECT RAISE(ABORT, 'the audit trail is append-only: corrections cannot be deleted');
                    END;

                    """,
                postgres: """
                    CREATE TABLE outcome_correction (
                        id text COLLATE "C" PRIMARY KEY,
                        outcome_id text COLLATE "C" NOT NULL,
                        participant_id text COLLATE "C" NOT NULL,
                        value_kind text NOT NULL,
                        old_value bigint NOT NULL,
                        new_value bigint NOT NULL,
                        reason text NOT NULL CHECK (length(reason) > 0),
                        staff_id text COLLATE "C" NOT NULL,
                        corrected_at text COLLATE "C" NOT NULL
                    );
                    CREATE INDEX outcome_correction_participant ON outcome_correction (participant_id, corrected_at);CREATE TRIGGER outcome_correction_no_change BEFORE UPDATE OR DELETE ON outcome_correction
                        FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only();
                    CREATE TRIGGER outcome_correction_no_truncate BEFORE TRUNCATE ON outcome_correction
                        FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only();
                    """)
        ])
}
