import Postgres
import SQLite

extension SurveyDataStore {
    /// The survey data area's migrations, in order. Never edit one that has landed; append a new one.
    public static let migrations: [Migration] = [
        Migration(
            name: "surveys-001-create",
            sql: """
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
                """),
        draftStudyVersion,
    ]

    /// A draft remembers the study version it was started under (NULL: the shipped version), so a survey revised
    /// meanwhile does not change under it. The same SQL on both databases.
    static let draftStudyVersion = Migration(
        name: "surveys-002-draft-study-version", sql: "ALTER TABLE survey_draft ADD COLUMN study_version INTEGER;")

    /// ``draftStudyVersion`` on PostgreSQL.
    static let postgresDraftStudyVersion = PostgresMigration(
        name: draftStudyVersion.name, sql: "ALTER TABLE survey_draft ADD COLUMN study_version integer;")
}
