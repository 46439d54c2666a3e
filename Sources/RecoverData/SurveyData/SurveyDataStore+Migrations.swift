extension SurveyDataStore {
    /// The survey data area: drafts of surveys in progress and completed results, their JSON kept byte for byte.
    ///
    /// - `surveys-002-draft-study-version`: a draft remembers the study version it was started under (NULL: the
    ///   shipped version), so a survey revised meanwhile does not change under it. Its PostgreSQL side landed
    ///   after the study versions' table.
    public static let schema = SchemaArea(
        tables: [
            .copied("survey_draft", orderedBy: "patient_id, task_id, occurrence"),
            .copied("survey_result", orderedBy: "id"),
        ],
        migrations: [
            SchemaMigration(
                name: "surveys-001-create",
                sqlite: """
                    CREATE TABLE survey_draft (
                        patient_id TEXT NOT NULL,
                        task_id TEXT NOT NULL,
                        occurrence INTEGER NOT NULL,
                        json BLOB NOT NULL,
                        updated_at TEXT NOT NULL,
                        PRIMARY KEY (patient_id, task_id, occurrence)
                    );

                    CREATE TABLE survey_result (
                        id TEXT PRIMARY KEY NOT NULL,
                        patient_id TEXT NOT NULL,
                        task_id TEXT NOT NULL,
                        occurrence INTEGER NOT NULL,
                        survey_id TEXT NOT NULL,
                        completed_at TEXT NOT NULL,
                        json BLOB NOT NULL
                    );
                    CREATE INDEX survey_result_patient_task ON survey_result (patient_id, task_id, completed_at);
                    """,
                postgres: """
                    CREATE TABLE survey_draft (
                        patient_id text COLLATE "C" NOT NULL,
                        task_id text COLLATE "C" NOT NULL,
                        occurrence bigint NOT NULL,
                        json bytea NOT NULL,
                        updated_at timestamptz NOT NULL,
                        PRIMARY KEY (patient_id, task_id, occurrence)
                    );
                    CREATE TABLE survey_result (
                        id text COLLATE "C" PRIMARY KEY,
                        patient_id text COLLATE "C" NOT NULL,
                        task_id text COLLATE "C" NOT NULL,
                        occurrence bigint NOT NULL,
                        survey_id text NOT NULL,
                        completed_at timestamptz NOT NULL,
                        json bytea NOT NULL
                    );
                    CREATE INDEX survey_result_patient_task ON survey_result (patient_id, task_id, completed_at);
                    """),
            SchemaMigration(
                name: "surveys-002-draft-study-version",
                sqlite: "ALTER TABLE survey_draft ADD COLUMN study_version INTEGER;",
                postgres: "ALTER TABLE survey_draft ADD COLUMN study_version integer;",
                postgresAfter: "study-001-study-version"),
        ])
}
