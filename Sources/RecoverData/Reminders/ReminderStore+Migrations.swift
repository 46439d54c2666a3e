import Postgres
import SQLite

extension ReminderPreferenceStore {
    /// The reminders' migrations on SQLite (appended to ``RecoverSchema/migrations``). Never edit one that has
    /// landed; append a new one here and its twin in ``postgresMigrations``.
    public static let migrations: [Migration] = [
        Migration(
            name: "reminders-001-preferences",
            sql: """
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
                """)
    ]

    /// The same table on PostgreSQL (appended to ``RecoverSchema/postgresMigrations``).
    public static let postgresMigrations: [PostgresMigration] = [
        PostgresMigration(
            name: "reminders-001-preferences",
            sql: """
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
    ]
}
