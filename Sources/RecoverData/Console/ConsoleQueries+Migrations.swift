extension ConsoleQueries {
    /// Indexes for the console's aggregate queries, after the care store's migrations; the same statements on both
    /// databases.
    ///
    /// - `care_outcome_live_task`: a participant's live outcomes by task id and event start, with the update
    ///   time, so onboarding, check-in counts and last activity are answered from the index alone.
    /// - `care_outcome_live_start`: live outcomes by event start, so adherence per day reads only its window.
    public static let schema = SchemaArea(
        tables: [],
        migrations: [
            SchemaMigration(
                name: "console-001-indexes",
                sqlite: """
                    CREATE INDEX IF NOT EXISTS care_outcome_live_task ON care_outcome (task_id, event_start, updated_at)
                        WHERE deleted_at IS NULL;
                    CREATE INDEX IF NOT EXISTS care_outcome_live_start ON care_outcome (event_start, task_id)
                        WHERE deleted_at IS NULL;
                    """,
                postgres: """
                    CREATE INDEX IF NOT EXISTS care_outcome_live_task ON care_outcome (task_id, event_start, updated_at)
                        WHERE deleted_at IS NULL;
                    CREATE INDEX IF NOT EXISTS care_outcome_live_start ON care_outcome (event_start, task_id)
                        WHERE deleted_at IS NULL;
                    """)
        ])
}
