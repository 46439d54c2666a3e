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
                """)
    ]
}
