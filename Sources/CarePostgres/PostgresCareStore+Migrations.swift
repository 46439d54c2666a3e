import Postgres

extension PostgresCareStore {
    /// The care store's schema changes, in order: the same history as `SQLiteCareStore.migrations`, in
    /// PostgreSQL's types. Never edit one that has landed: append a new one (to both stores).
    public static let migrations = [
        PostgresMigration(
            name: "care-001-create",
            sql: """
                -- Ids and wall-clock times compare byte for byte (COLLATE "C", as SQLite's BINARY does) whatever
                -- the database's default collation, so sorting and ranges are those of the SQLite store.
                CREATE TABLE care_patient (
                    id text COLLATE "C" PRIMARY KEY,
                    name text NOT NULL,
                    birth_date text,
                    time_zone text NOT NULL
                );
                CREATE TABLE care_plan (
                    id text COLLATE "C" PRIMARY KEY,
                    title text NOT NULL,
                    patient_id text COLLATE "C" REFERENCES care_patient (id)
                );
                CREATE INDEX care_plan_patient ON care_plan (patient_id);
                CREATE TABLE care_contact (
                    id text COLLATE "C" PRIMARY KEY,
                    name text NOT NULL,
                    role text NOT NULL,
                    phone text,
                    email text,
                    care_plan_id text COLLATE "C" REFERENCES care_plan (id)
                );
                CREATE INDEX care_contact_plan ON care_contact (care_plan_id);
                -- One row per task version; `sequence` orders a task's versions. The task itself is JSON;
                -- effective_at is its wall-clock start as ISO text, which sorts as the wall clock does.
                CREATE TABLE care_task_version (
                    version_id text COLLATE "C" PRIMARY KEY,
                    task_id text COLLATE "C" NOT NULL,
                    sequence integer NOT NULL,
                    care_plan_id text COLLATE "C",
                    effective_at text COLLATE "C" NOT NULL,
                    is_deleted boolean NOT NULL,
                    json jsonb NOT NULL,
                    UNIQUE (task_id, sequence)
                );
                CREATE INDEX care_task_version_plan ON care_task_version (care_plan_id);
                -- Outcomes keyed by (task version, occurrence); a deleted outcome keeps its row (tombstone).
                -- The partial unique index is the one-live-outcome-per-event rule, for every writer.
                CREATE TABLE care_outcome (
                    id text COLLATE "C" PRIMARY KEY,
                    task_id text COLLATE "C" NOT NULL,
                    task_version_id text COLLATE "C" NOT NULL REFERENCES care_task_version (version_id),
                    occurrence bigint NOT NULL,
                    event_start text COLLATE "C" NOT NULL,
                    values_json jsonb NOT NULL,
                    created_at timestamptz NOT NULL,
                    updated_at timestamptz NOT NULL,
                    deleted_at timestamptz
                );
                CREATE UNIQUE INDEX care_outcome_live_event ON care_outcome (task_version_id, occurrence)
                    WHERE deleted_at IS NULL;
                CREATE INDEX care_outcome_task_start ON care_outcome (task_id, event_start);
                """
        ),
        PostgresMigration(
            name: "care-002-outcome-values-as-written",
            sql: """
                -- An outcome's values keep the exact JSON text they were written with, as on SQLite: jsonb would
                -- re-serialise a copied row, whose audit digests were taken over the SQLite text. Rows written
                -- here before keep the text jsonb printed, which their digests were taken over. Queries that look
                -- inside cast to jsonb.
                ALTER TABLE care_outcome ALTER COLUMN values_json TYPE text USING values_json::text;
                """
        ),
    ]
}
