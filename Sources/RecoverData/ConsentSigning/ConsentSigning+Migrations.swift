extension ConsentSigning {
    /// The signing area: the server signatures of consent records, one per record, and the refusal of any change
    /// to a consent record or its signature (a signed consent is inserted complete and never changed or
    /// deleted). After ``ConsentStore/schema`` wherever a database is opened with a
    /// `DatabaseConfiguration.recordSigningKey`.
    public static let schema = SchemaArea(
        tables: [.copied("consent_signature", orderedBy: "consent_id")],
        migrations: [
            SchemaMigration(
                name: "consent-002-server-signature",
                sqlite: """
                    -- signed_text is exactly what was signed: the record id, the key id, the binding hash and the
                    -- SHA-256 of every signed field, so verification can name the field that changed.
                    CREATE TABLE consent_signature (
                        consent_id TEXT PRIMARY KEY NOT NULL REFERENCES consent_record (id),
                        key_id TEXT NOT NULL,
                        signed_text TEXT NOT NULL,
                        signature BLOB NOT NULL,
                        signed_at TEXT NOT NULL
                    ) STRICT;
                    """,
                postgres: """
                    CREATE TABLE consent_signature (
                        consent_id text COLLATE "C" PRIMARY KEY REFERENCES consent_record (id),
                        key_id text NOT NULL,
                        signed_text text NOT NULL,
                        signature bytea NOT NULL,
                        signed_at timestamptz NOT NULL
                    );
                    """),
            SchemaMigration(
                name: "consent-signing-003-append-only",
                sqlite: """
                    CREATE TRIGGER consent_record_no_update BEFORE UPDATE ON consent_record
                    BEGIN
                        SELECT RAISE(ABORT, 'consent records are append-only: they cannot be changed');
                    END;
                    CREATE TRIGGER consent_record_no_delete BEFORE DELETE ON consent_record
                    BEGIN
                        SELECT RAISE(ABORT, 'consent records are append-only: they cannot be deleted');
                    END;
                    CREATE TRIGGER consent_signature_no_update BEFORE UPDATE ON consent_signature
                    BEGIN
                        SELECT RAISE(ABORT, 'consent signatures are append-only: they cannot be changed');
                    END;
                    CREATE TRIGGER consent_signature_no_delete BEFORE DELETE ON consent_signature
                    BEGIN
                        SELECT RAISE(ABORT, 'consent signatures are append-only: they cannot be deleted');
                    END;
                    """,
                postgres: """
                    CREATE FUNCTION consent_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        RAISE EXCEPTION 'consent records are append-only: they cannot be changed or deleted';
                    END;
                    $$;
                    CREATE TRIGGER consent_record_no_change BEFORE UPDATE OR DELETE ON consent_record
                        FOR EACH ROW EXECUTE FUNCTION consent_append_only();
                    CREATE TRIGGER consent_record_no_truncate BEFORE TRUNCATE ON consent_record
                        FOR EACH STATEMENT EXECUTE FUNCTION consent_append_only();
                    CREATE TRIGGER consent_signature_no_change BEFORE UPDATE OR DELETE ON consent_signature
                        FOR EACH ROW EXECUTE FUNCTION consent_append_only();
                    CREATE TRIGGER consent_signature_no_truncate BEFORE TRUNCATE ON consent_signature
                        FOR EACH STATEMENT EXECUTE FUNCTION consent_append_only();
                    """),
        ])
}
