import Postgres
import SQLite

extension ConsentStore {
    /// The consent area's migrations, in order. Never edit one that has landed; append a new one.
    public static let migrations: [Migration] = [
        Migration(
            name: "consent-001-create",
            sql: """
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
                """),
        Migration(
            name: "consent-003-documents",
            sql: documentsSQL(blob: "BLOB", instant: "TEXT", text: "TEXT", integer: "INTEGER") + """
                CREATE TRIGGER consent_document_no_update BEFORE UPDATE ON consent_document
                BEGIN SELECT RAISE(ABORT, 'consent documents are append-only: publish a new version'); END;
                CREATE TRIGGER consent_document_no_delete BEFORE DELETE ON consent_document
                BEGIN SELECT RAISE(ABORT, 'consent documents are append-only: publish a new version'); END;
                CREATE TRIGGER consent_scope_no_update BEFORE UPDATE ON consent_scope
                BEGIN SELECT RAISE(ABORT, 'the consent a value was collected under cannot be changed'); END;
                CREATE TRIGGER consent_scope_no_delete BEFORE DELETE ON consent_scope
                BEGIN SELECT RAISE(ABORT, 'the consent a value was collected under cannot be changed'); END;
                """),
    ]

    /// The same documents table on PostgreSQL.
    public static let postgresDocumentsMigration = PostgresMigration(
        name: "consent-003-documents",
        sql: documentsSQL(blob: "bytea", instant: "timestamptz", text: #"text COLLATE "C""#, integer: "bigint") + """
            CREATE FUNCTION consent_document_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION 'consent documents and the consent of each value are append-only';
            END;
            $$;
            CREATE TRIGGER consent_document_no_change BEFORE UPDATE OR DELETE OR TRUNCATE ON consent_document
                FOR EACH STATEMENT EXECUTE FUNCTION consent_document_append_only();
            CREATE TRIGGER consent_scope_no_change BEFORE UPDATE OR DELETE OR TRUNCATE ON consent_scope
                FOR EACH STATEMENT EXECUTE FUNCTION consent_document_append_only();
            """)

    /// The published consent documents (one row per version and language, id `<document>/<version>/<language>`)
    /// and the consent record each stored value was collected under (id `<entity type>:<entity id>`).
    static func documentsSQL(blob: String, instant: String, text: String, integer: String) -> String {
        """
        CREATE TABLE consent_document (
            id \(text) PRIMARY KEY NOT NULL,
            document_id \(text) NOT NULL,
            version \(text) NOT NULL,
            language \(text) NOT NULL,
            title \(text) NOT NULL,
            html \(blob) NOT NULL,
            html_sha256 \(text) NOT NULL,
            signature_meaning \(text) NOT NULL,
            required \(integer) NOT NULL,
            published_at \(instant) NOT NULL,
            UNIQUE (document_id, version, language)
        );
        CREATE TABLE consent_scope (
            id \(text) PRIMARY KEY NOT NULL,
            entity_type \(text) NOT NULL,
            entity_id \(text) NOT NULL,
            participant_id \(text) NOT NULL,
            consent_id \(text) NOT NULL,
            recorded_at \(instant) NOT NULL
        );
        CREATE INDEX consent_scope_participant ON consent_scope (participant_id, consent_id);
        """
    }
}
