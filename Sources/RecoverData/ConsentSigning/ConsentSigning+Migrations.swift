import SQLite

extension ConsentSigning {
    /// The server signatures of consent records, one per record: list them after ``ConsentStore/migrations``
    /// wherever a database is opened with a ``DatabaseConfiguration/recordSigningKey``.
    public static let migrations: [Migration] = [
        Migration(
            name: "consent-002-server-signature",
            sql: """
                -- signed_text is exactly what was signed: the record id, the key id, the binding hash and the
                -- SHA-256 of every signed field, so verification can name the field that changed.
                CREATE TABLE consent_signature (
                    consent_id TEXT PRIMARY KEY NOT NULL REFERENCES consent_record (id),
                    key_id TEXT NOT NULL,
                    signed_text TEXT NOT NULL,
                    signature BLOB NOT NULL,
                    signed_at TEXT NOT NULL
                ) STRICT;
                """)
    ]
}
