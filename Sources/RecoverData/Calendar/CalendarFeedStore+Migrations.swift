import Postgres
import SQLite

extension CalendarFeedStore {
    /// The calendar links' migrations on SQLite, in order (appended to ``RecoverSchema/migrations``). Never edit
    /// one that has landed; append a new one here and its twin in ``postgresMigrations``.
    static let migrations: [Migration] = [
        Migration(
            name: "calendar-001-feed",
            sql: """
                -- A participant's secret calendar link: the SHA-256 (hex) of its token, never the token.
                CREATE TABLE calendar_feed (
                    participant_id TEXT PRIMARY KEY NOT NULL,
                    token_hash TEXT NOT NULL UNIQUE,
                    created_at TEXT NOT NULL
                );
                """)
    ]

    /// The same table on PostgreSQL (appended to ``RecoverSchema/postgresMigrations``).
    static let postgresMigrations: [PostgresMigration] = [
        PostgresMigration(
            name: "calendar-001-feed",
            sql: """
                CREATE TABLE calendar_feed (
                    participant_id text COLLATE "C" PRIMARY KEY,
                    token_hash text COLLATE "C" NOT NULL UNIQUE,
                    created_at timestamptz NOT NULL
                );
                """)
    ]
}
