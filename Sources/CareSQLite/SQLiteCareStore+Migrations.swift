import SQLite

extension SQLiteCareStore {
    /// The care store's schema changes, in order. Never edit one that has landed: append a new one.
    public static let migrations = [
        Migration(
            name: "care-001-create",
            sql: """
                CREATE TABLE care_patient (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    birth_date TEXT,
                    time_zone TEXT NOT NULL
                );
                CREATE TABLE care_plan (
                    id TEXT PRIMARY KEY,
                    title TEXT NOT NULL,
                    patient_id TEXT REFERENCES care_patient (id)
                );
                CREATE INDEX care_plan_patient ON care_plan (patient_id);
                CREATE TABLE care_contact (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    role TEXT NOT NULL,
                    phone TEXT,
                    email TEXT,
                    care_plan_id TEXT REFERENCES care_plan (id)
                );
                CREATE INDEX care_contact_plan ON care_contact (care_plan_id);
                -- One row per task version; `sequence` orders a task's versions. The task itself is JSON.
                CREATE TABLE care_task_version (
                    version_id TEXT PRIMARY KEY,
                    task_id TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    care_plan_id TEXT,
                    effective_at TEXT NOT NULL,
                    is_deleted INTEGER NOT NULL,
                    json TEXT NOT NULL,
                    UNIQUE (task_id, sequence)
                );
                CREATE INDEX care_task_version_plan ON care_task_version (care_plan_id);
                -- Outcomes keyed by (task version, occurrence); a deleted outcome keeps its row (tombstone).
                CREATE TABLE care_outcome (
                    id TEXT PRIMARY KEY,
                    task_id TEXT NOT NULL,
                    task_version_id TEXT NOT NULL REFERENCES care_task_version (version_id),
                    occurrence INTEGER NOT NULL,
                    event_start TEXT NOT NULL,
                    values_json TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    deleted_at TEXT
                );
                CREATE UNIQUE INDEX care_outcome_live_event ON care_outcome (task_version_id, occurrence)
                    WHERE deleted_at IS NULL;
                CREATE INDEX care_outcome_task_start ON care_outcome (task_id, event_start);
                """
        ),
        Migration(
            name: "care-002-outcome-values-as-written",
            sql: """
                -- The PostgreSQL store's values_json becomes text here, as it always was on SQLite: nothing to do.
                SELECT 1;
                """
        ),
    ]
}
