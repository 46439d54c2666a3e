extension ReminderPreferenceStore {
    /// The reminders' table: how each participant wants to be reminded.
    public static let schema = SchemaArea(
        tables: [.copied("reminder_preference", orderedBy: "participant_id")],
        migrations: [
            SchemaMigration(
                name: "reminders-001-preferences",
                sqlite: """
                    -- How each participant wants to be reminded; a participant without a row has the defaults.
                    CREATE TABLE reminder_preference (
                        participant_id TEXT PRIMARY KEY NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                        email INTEGER NOT NULL,
                        push INTEGER NOT NULL,
                        calendar INTEGER NOT NULL,
                        quiet_start TEXT,
                        quiet_end TEXT,
                        paused INTEGER NOT NULL,
                        updated_at TEXT NOT NULL
                    );
                    """,
                postgres: """
                    CREATE TABLE reminder_preference (
                        participant_id text COLLATE "C" PRIMARY KEY REFERENCES account (id) ON DELETE CASCADE,
                        email bigint NOT NULL,
                        push bigint NOT NULL,
                        calendar bigint NOT NULL,
                        quiet_start text COLLATE "C",
                        quiet_end text COLLATE "C",
                        paused bigint NOT NULL,
                        updated_at timestamptz NOT NULL
                    );
                    """)
        ])
}
