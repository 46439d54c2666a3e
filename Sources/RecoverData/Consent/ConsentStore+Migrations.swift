extension ConsentStore {
    /// The consent area: signed consent records, the published consent documents (one row per version and
    /// language, id `<document>/<version>/<language>`) and the consent record each stored value was collected
    /// under (id `<entity type>:<entity id>`), the last two append-only.
    ///
    /// `consent-003-documents` landed on PostgreSQL after the signing area's migrations.
    public static let schema = SchemaArea(
        tables: [
            .copied("consent_record", orderedBy: "id"), .copied("consent_document", orderedBy: "id"),
            .copied("consent_scope", orderedBy: "id"),
        ],
        migrations: [
            SchemaMigration(
                name: "consent-001-create",
                sqlite: """
                    -- One row per signed consent; server_signature is filled in by the signing service, when set up.
                    CREATE TABLE consent_record (
                        id TEXT PRIMARY KEY NOT NULL,
                        patient_id TEXT NOT NULL,
                        document BLOB NOT NULL,
                        document_sha256 TEXT NOT NULL,
                        document_version TEXT NOT NULL,
                        language TEXT NOT NULL,
                        printed_name TEXT NOT NULL,
                        signature_strokes BLOB NOT NULL,
                        signature_png BLOB NOT NULL,
                        signed_at TEXT NOT NULL,
                        utc_offset TEXT NOT NULL,
                        time_zone TEXT NOT NULL,
                        signature_meaning TEXT NOT NULL,
                        binding_hash TEXT NOT NULL,
                        server_signature BLOB
                    );
                    CREATE INDEX consent_record_patient ON consent_record (patient_id, signed_at);
                    """,
                postgres: """
                    CREATE TABLE consent_record (
                        id text COLLATE "C" PRIMARY KEY,
                        patient_id text COLLATE "C" NOT NULL,
                        document bytea NOT NULL,
                        document_sha256 text NOT NULL,
                        document_version text NOT NULL,
                        language text NOT NULL,
                        printed_name text NOT NULL,
                        signature_strokes bytea NOT NULL,
                        signature_png bytea NOT NULL,
                        signed_at timestamptz NOT NULL,
                        utc_offset text NOT NULL,
                        time_zone text NOT NULL,
                        signature_meaning text NOT NULL,
                        binding_hash text NOT NULL,
                        server_signature bytea
                    );
                    CREATE INDEX consent_record_patient ON consent_record (patient_id, signed_at);
                    """),
            SchemaMigration(
                name: "consent-003-documents",
                sqlite: """
                    CREATE TABLE consent_document (
                        id TEXT PRIMARY KEY NOT NULL,
                        document_id TEXT NOT NULL,
                        version TEXT NOT NULL,
                        language TEXT NOT NULL,
                        title TEXT NOT NULL,
                        html BLOB NOT NULL,
                        html_sha256 TEXT NOT NULL,
                        signature_meaning TEXT NOT NULL,
                        required INTEGER NOT NULL,
                        published_at TEXT NOT NULL,
                        UNIQUE (document_id, version, language)
                    );
                    CREATE TABLE consent_scope (
                        id TEXT PRIMARY KEY NOT NULL,
                        entity_type TEXT NOT NULL,
                        entity_id TEXT NOT NULL,
                        participant_id TEXT NOT NULL,
                        consent_id TEXT NOT NULL,
                        recorded_at TEXT NOT NULL
                    );
                    CREATE INDEX consent_scope_participant ON consent_scope (participant_id, consent_id);CREATE TRIGGER consent_document_no_update BEFORE UPDATE ON consent_document
                    BEGIN SELECT RAISE(ABORT, 'consent documents are append-only: publish a new version'); END;
                    CREATE TRIGGER consent_document_no_delete BEFORE DELETE ON consent_document
                    BEGIN SELECT RAISE(ABORT, 'consent documents are append-only: publish a new version'); END;
                    CREATE TRIGGER consent_scope_no_update BEFORE UPDATE ON consent_scope
                    BEGIN SELECT RAISE(ABORT, 'the consent a value was collected under cannot be changed'); END;
                    CREATE TRIGGER consent_scope_no_delete BEFORE DELETE ON consent_scope
                    BEGIN SELECT RAISE(ABORT, 'the consent a value was collected under cannot be changed'); END;
                    """,
                postgres: """
                    CREATE TABLE consent_document (
                        id text COLLATE "C" PRIMARY KEY NOT NULL,
                        document_id text COLLATE "C" NOT NULL,
                        version text COLLATE "C" NOT NULL,
                        language text COLLATE "C" NOT NULL,
                        title text COLLATE "C" NOT NULL,
                        html bytea NOT NULL,
                        html_sha256 text COLLATE "C" NOT NULL,
                        signature_meaning text COLLATE "C" NOT NULL,
                        required bigint NOT NULL,
                        published_at timestamptz NOT NULL,
                        UNIQUE (document_id, version, language)
                    );
                    CREATE TABLE consent_scope (
                        id text COLLATE "C" PRIMARY KEY NOT NULL,
                        entity_type text COLLATE "C" NOT NULL,
                        entity_id text COLLATE "C" NOT NULL,
                        participant_id text COLLATE "C" NOT NULL,
                        consent_id text COLLATE "C" NOT NULL,
                        recorded_at timestamptz NOT NULL
                    );
                    CREATE INDEX consent_scope_participant ON consent_scope (participant_id, consent_id);CREATE FUNCTION consent_document_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        RAISE EXCEPTION 'consent documents and the consent of each value are append-only';
                    END;
                    $$;
                    CREATE TRIGGER consent_document_no_change BEFORE UPDATE OR DELETE OR TRUNCATE ON consent_document
                        FOR EACH STATEMENT EXECUTE FUNCTION consent_document_append_only();
                    CREATE TRIGGER consent_scope_no_change BEFORE UPDATE OR DELETE OR TRUNCATE ON consent_scope
                        FOR EACH STATEMENT EXECUTE FUNCTION consent_document_append_only();
                    """,
                postgresAfter: "consent-signing-003-append-only"),
        ])
}
