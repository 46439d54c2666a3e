extension StudyContactStore {
    /// The contact card's table: one row, id `study`.
    static let schema = SchemaArea(
        tables: [.copied("study_contact", orderedBy: "id")],
        migrations: [
            SchemaMigration(
                name: "contact-001-study-contact",
                sqlite: """
                    -- The study team's contact card: one row, id 'study'. Empty texts mean "not given".
                    CREATE TABLE study_contact (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        role_en TEXT NOT NULL,
                        role_zh TEXT NOT NULL,
                        phone TEXT NOT NULL,
                        email TEXT NOT NULL,
                        notes_en TEXT NOT NULL,
                        notes_zh TEXT NOT NULL,
                        updated_at TEXT NOT NULL
                    );
                    """,
                postgres: """
                    CREATE TABLE study_contact (
                        id text COLLATE "C" PRIMARY KEY,
                        name text NOT NULL,
                        role_en text NOT NULL,
                        role_zh text NOT NULL,
                        phone text NOT NULL,
                        email text NOT NULL,
                        notes_en text NOT NULL,
                        notes_zh text NOT NULL,
                        updated_at timestamptz NOT NULL
                    );
                    """)
        ])
}
