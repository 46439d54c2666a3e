extension StudyVersionStore {
    /// The study versions' table: each applied version of the study file, kept whole and append-only; the highest
    /// version is in force.
    static let schema = SchemaArea(
        tables: [.copied("study_version", orderedBy: "version")],
        migrations: [
            SchemaMigration(
                name: "study-001-study-version",
                sqlite: """
                    -- Each applied version of the study file, kept whole; the highest version is in force.
                    CREATE TABLE study_version (
                        version INTEGER PRIMARY KEY NOT NULL,
                        effective_on TEXT NOT NULL,
                        applied_at TEXT NOT NULL,
                        applied_by TEXT NOT NULL,
                        changes TEXT NOT NULL,
                        sha256 TEXT NOT NULL,
                        file BLOB NOT NULL
                    );
                    CREATE TRIGGER study_version_no_update BEFORE UPDATE ON study_version
                    BEGIN SELECT RAISE(ABORT, 'study versions are append-only'); END;
                    CREATE TRIGGER study_version_no_delete BEFORE DELETE ON study_version
                    BEGIN SELECT RAISE(ABORT, 'study versions are append-only'); END;
                    """,
                postgres: """
                    CREATE TABLE study_version (
                        version integer PRIMARY KEY,
                        effective_on text COLLATE "C" NOT NULL,
                        applied_at timestamptz NOT NULL,
                        applied_by text NOT NULL,
                        changes text NOT NULL,
                        sha256 text COLLATE "C" NOT NULL,
                        file bytea NOT NULL
                    );
                    CREATE FUNCTION study_version_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN RAISE EXCEPTION 'study versions are append-only'; END $$;
                    CREATE TRIGGER study_version_append_only BEFORE UPDATE OR DELETE ON study_version
                    FOR EACH ROW EXECUTE FUNCTION study_version_append_only();
                    """)
        ])
}
