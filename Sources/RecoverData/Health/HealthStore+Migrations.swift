extension HealthStore {
    /// The health area: daily figures, the raw samples of the most recent days, imports (counts only, never a
    /// health value), uploads waiting for or past their import, and later answers to onboarding's permission
    /// questions.
    public static let schema = SchemaArea(
        tables: [
            .copied("health_import", orderedBy: "id"),
            .copied("health_daily", orderedBy: "participant_id, local_day, health_type"),
            .copied(
                "health_sample", orderedBy: "participant_id, start_at, health_type, source, end_at, value, import_id"),
            .copied("health_upload", orderedBy: "id"), .copied("health_grant", orderedBy: "id"),
        ],
        migrations: [
            SchemaMigration(
                name: "health-001-create",
                sqlite: """
                    -- One figure per participant, local day and type; a later import replaces it (never adds to it).
                    -- id is participant/day/type, the audit trail's name for the row.
                    CREATE TABLE health_daily (
                        participant_id TEXT NOT NULL,
                        local_day TEXT NOT NULL,
                        health_type TEXT NOT NULL,
                        id TEXT NOT NULL UNIQUE,
                        total REAL,
                        minimum REAL,
                        mean REAL,
                        maximum REAL,
                        reading_count INTEGER,
                        import_id TEXT NOT NULL,
                        PRIMARY KEY (participant_id, local_day, health_type)
                    );
                    CREATE INDEX health_daily_type ON health_daily (participant_id, health_type);
                    -- The raw samples of the most recent days, for re-computation; replaced by each import.
                    CREATE TABLE health_sample (
                        participant_id TEXT NOT NULL,
                        health_type TEXT NOT NULL,
                        source TEXT NOT NULL,
                        start_at TEXT NOT NULL,
                        end_at TEXT NOT NULL,
                        value REAL NOT NULL,
                        sleep_stage TEXT,
                        import_id TEXT NOT NULL
                    );
                    CREATE INDEX health_sample_participant ON health_sample (participant_id, start_at);
                    -- One row per import: counts only, never a health value.
                    CREATE TABLE health_import (
                        id TEXT PRIMARY KEY NOT NULL,
                        participant_id TEXT NOT NULL,
                        imported_at TEXT NOT NULL,
                        records_read INTEGER NOT NULL,
                        records_kept INTEGER NOT NULL,
                        skipped BLOB NOT NULL,
                        days_stored INTEGER NOT NULL,
                        samples_stored INTEGER NOT NULL,
                        first_day TEXT,
                        last_day TEXT
                    );
                    CREATE INDEX health_import_participant ON health_import (participant_id, imported_at);
                    """,
                postgres: """
                    CREATE TABLE health_daily (
                        participant_id text COLLATE "C" NOT NULL,
                        local_day text COLLATE "C" NOT NULL,
                        health_type text COLLATE "C" NOT NULL,
                        id text COLLATE "C" NOT NULL UNIQUE,
                        total double precision,
                        minimum double precision,
                        mean double precision,
                        maximum double precision,
                        reading_count bigint,
                        import_id text COLLATE "C" NOT NULL,
                        PRIMARY KEY (participant_id, local_day, health_type)
                    );
                    CREATE INDEX health_daily_type ON health_daily (participant_id, health_type);
                    CREATE TABLE health_sample (
                        participant_id text COLLATE "C" NOT NULL,
                        health_type text COLLATE "C" NOT NULL,
                        source text COLLATE "C" NOT NULL,
                        start_at timestamptz NOT NULL,
                        end_at timestamptz NOT NULL,
                        value double precision NOT NULL,
                        sleep_stage text COLLATE "C",
                        import_id text COLLATE "C" NOT NULL
                    );
                    CREATE INDEX health_sample_participant ON health_sample (participant_id, start_at);
                    CREATE TABLE health_import (
                        id text COLLATE "C" PRIMARY KEY,
                        participant_id text COLLATE "C" NOT NULL,
                        imported_at timestamptz NOT NULL,
                        records_read bigint NOT NULL,
                        records_kept bigint NOT NULL,
                        skipped bytea NOT NULL,
                        days_stored bigint NOT NULL,
                        samples_stored bigint NOT NULL,
                        first_day text COLLATE "C",
                        last_day text COLLATE "C"
                    );
                    CREATE INDEX health_import_participant ON health_import (participant_id, imported_at);
                    """),
            SchemaMigration(
                name: "health-002-uploads-and-grant-changes",
                sqlite: """
                    -- An uploaded export waiting for, in or past its import: state and progress only.
                    CREATE TABLE health_upload (
                        id TEXT PRIMARY KEY NOT NULL,
                        participant_id TEXT NOT NULL,
                        state TEXT NOT NULL,
                        byte_count INTEGER NOT NULL,
                        progress INTEGER NOT NULL,
                        error_code TEXT,
                        import_id TEXT,
                        claim_id TEXT,
                        attempts INTEGER NOT NULL,
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL
                    );
                    CREATE INDEX health_upload_state ON health_upload (state, created_at);
                    CREATE INDEX health_upload_participant ON health_upload (participant_id, created_at);
                    -- A participant's later answer for one type their onboarding asked about (allowed again or
                    -- revoked on the account page); the latest wins over the onboarding's. id is participant/type.
                    CREATE TABLE health_grant (
                        id TEXT PRIMARY KEY NOT NULL,
                        participant_id TEXT NOT NULL,
                        permission_type TEXT NOT NULL,
                        granted INTEGER NOT NULL,
                        changed_at TEXT NOT NULL
                    );
                    CREATE INDEX health_grant_participant ON health_grant (participant_id);
                    """,
                postgres: """
                    CREATE TABLE health_upload (
                        id text COLLATE "C" PRIMARY KEY,
                        participant_id text COLLATE "C" NOT NULL,
                        state text COLLATE "C" NOT NULL,
                        byte_count bigint NOT NULL,
                        progress bigint NOT NULL,
                        error_code text COLLATE "C",
                        import_id text COLLATE "C",
                        claim_id text COLLATE "C",
                        attempts bigint NOT NULL,
                        created_at timestamptz NOT NULL,
                        updated_at timestamptz NOT NULL
                    );
                    CREATE INDEX health_upload_state ON health_upload (state, created_at);
                    CREATE INDEX health_upload_participant ON health_upload (participant_id, created_at);
                    CREATE TABLE health_grant (
                        id text COLLATE "C" PRIMARY KEY,
                        participant_id text COLLATE "C" NOT NULL,
                        permission_type text COLLATE "C" NOT NULL,
                        granted bigint NOT NULL,
                        changed_at timestamptz NOT NULL
                    );
                    CREATE INDEX health_grant_participant ON health_grant (participant_id);
                    """),
        ])
}
