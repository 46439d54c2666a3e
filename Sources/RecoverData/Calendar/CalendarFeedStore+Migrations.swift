extension CalendarFeedStore {
    /// The calendar links' table: the SHA-256 of each participant's secret link token, never the token.
    static let schema = SchemaArea(
        tables: [.copied("calendar_feed", orderedBy: "participant_id")],
        migrations: [
            SchemaMigration(
                name: "calendar-001-feed",
                sqlite: """
                    -- A participant's secret calendar link: the SHA-256 (hex) of its token, never the token.
                    CREATE TABLE calendar_feed (
                        participant_id TEXT PRIMARY KEY NOT NULL,
                        token_hash TEXT NOT NULL UNIQUE,
                        created_at TEXT NOT NULL
                    );
                    """,
                postgres: """
                    CREATE TABLE calendar_feed (
                        participant_id text COLLATE "C" PRIMARY KEY,
                        token_hash text COLLATE "C" NOT NULL UNIQUE,
                        created_at timestamptz NOT NULL
                    );
                    """)
        ])
}
