extension BackgroundJobs {
    /// The jobs' table: when each job last ran.
    static let schema = SchemaArea(
        tables: [.copied("background_job", orderedBy: "name")],
        migrations: [
            SchemaMigration(
                name: "jobs-001-create",
                sqlite: """
                    CREATE TABLE background_job (name TEXT PRIMARY KEY NOT NULL, last_run_at TEXT NOT NULL);
                    """,
                postgres: """
                    CREATE TABLE background_job (name text COLLATE "C" PRIMARY KEY, last_run_at timestamptz NOT NULL);
                    """)
        ])
}
