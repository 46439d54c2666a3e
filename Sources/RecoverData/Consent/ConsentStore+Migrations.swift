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
            sql: documentsSQL(blob: "BLOB", instant: "TEXT", text: "TEXT", integer: "INTEGER")),
    ]

    /// The same documents table on PostgreSQL.
    public static let postgresDocumentsMigration = PostgresMigration(
        name: "consent-003-documents",
        sql: documentsSQL(
            blob: "bytea", instant: "timestamptz", text: #"text COLLATE "C""#, integer: "bigint"))

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
