extension ConsoleAggregates {
    /// The aggregates' tables, the triggers that keep them, and their backfills from the records already stored
    /// (docs/storage.md, "The console's aggregates"). Each refresh looks up one task by index.
    ///
    /// - `console-002-aggregates`: `participant_task` and `study_day_outcome`, and the triggers on
    ///   `care_task_version` and `care_outcome` that keep them.
    /// - `console-003-latest-values`: the numeric values of each participant task's latest outcome kept beside its
    ///   row (`participant_task_value`, key `task_id, kind`: per value kind of the latest live outcome, the
    ///   highest and lowest number, `content.integer`, else `content.double`; a kind without a number has no row),
    ///   so an alert rule reads the few rows past its threshold from an index (`kind, highest`, `kind, lowest`)
    ///   instead of the JSON of every participant's latest answer. On SQLite the values have no declared type, so
    ///   they stay the integer or real `json_extract` gave and compare with a rule's threshold exactly as before.
    ///   Indexes `participant_task (study_task, latest_event_start)` and `(study_task, previous_event_start)` (the
    ///   missed-days and behind-today questions start from the tasks whose latest two days leave the window
    ///   empty) and `consent_record (patient_id, document_sha256)` ("has this participant signed one of these
    ///   texts" from the index alone). The outcome triggers made again with one `max(event_start)` per refresh.
    /// - `console-004-participant-state`: each `participant_task` row carries whether its participant's account
    ///   is a participant's (`is_participant`) and the UTC day they withdrew (`withdrawn_day`), kept by triggers
    ///   on `account` and on the row's own insert, so study adherence groups the tasks from one covering index
    ///   instead of joining every task to its account.
    static let schema = SchemaArea(
        tables: [
            .keptByTriggers("participant_task"), .keptByTriggers("study_day_outcome"),
            .keptByTriggers("participant_task_value"),
        ],
        migrations: [
            SchemaMigration(
                name: "console-002-aggregates",
                sqlite: """
                    CREATE TABLE participant_task (
                        task_id TEXT PRIMARY KEY NOT NULL,
                        participant_id TEXT NOT NULL,
                        study_task TEXT NOT NULL,
                        start_day TEXT NOT NULL,
                        current_version_id TEXT NOT NULL,
                        current_effective_day TEXT NOT NULL,
                        current_is_deleted INTEGER NOT NULL,
                        latest_event_start TEXT,
                        latest_outcome_id TEXT,
                        previous_event_start TEXT
                    );
                    CREATE INDEX participant_task_study ON participant_task (study_task, participant_id);
                    CREATE TABLE study_day_outcome (
                        study_task TEXT NOT NULL,
                        day TEXT NOT NULL,
                        completed bigint NOT NULL,
                        PRIMARY KEY (study_task, day)
                    );
                    CREATE TRIGGER console_task_insert AFTER INSERT ON care_task_version BEGIN
                    INSERT INTO participant_task (task_id, participant_id, study_task, start_day, current_version_id,
                        current_effective_day, current_is_deleted)
                    SELECT v.task_id, p.patient_id, substr(v.task_id, length(p.patient_id) + 2),
                        coalesce((SELECT substr(v0.effective_at, 1, 10) FROM care_task_version v0
                            WHERE v0.task_id = v.task_id AND v0.sequence = 0), substr(v.effective_at, 1, 10)),
                        v.version_id, substr(v.effective_at, 1, 10), v.is_deleted
                    FROM care_task_version v JOIN care_plan p ON p.id = v.care_plan_id
                    WHERE v.task_id = NEW.task_id AND substr(v.task_id, 1, length(p.patient_id) + 1) = p.patient_id || '.'
                        AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
                    ON CONFLICT (task_id) DO UPDATE SET participant_id = excluded.participant_id,
                        study_task = excluded.study_task, start_day = excluded.start_day,
                        current_version_id = excluded.current_version_id,
                        current_effective_day = excluded.current_effective_day,
                        current_is_deleted = excluded.current_is_deleted;
                    END;
                    CREATE TRIGGER console_task_update AFTER UPDATE ON care_task_version BEGIN
                    INSERT INTO participant_task (task_id, participant_id, study_task, start_day, current_version_id,
                        current_effective_day, current_is_deleted)
                    SELECT v.task_id, p.patient_id, substr(v.task_id, length(p.patient_id) + 2),
                        coalesce((SELECT substr(v0.effective_at, 1, 10) FROM care_task_version v0
                            WHERE v0.task_id = v.task_id AND v0.sequence = 0), substr(v.effective_at, 1, 10)),
                        v.version_id, substr(v.effective_at, 1, 10), v.is_deleted
                    FROM care_task_version v JOIN care_plan p ON p.id = v.care_plan_id
                    WHERE v.task_id = OLD.task_id AND substr(v.task_id, 1, length(p.patient_id) + 1) = p.patient_id || '.'
                        AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
                    ON CONFLICT (task_id) DO UPDATE SET participant_id = excluded.participant_id,
                        study_task = excluded.study_task, start_day = excluded.start_day,
                        current_version_id = excluded.current_version_id,
                        current_effective_day = excluded.current_effective_day,
                        current_is_deleted = excluded.current_is_deleted;
                    INSERT INTO participant_task (task_id, participant_id, study_task, start_day, current_version_id,
                        current_effective_day, current_is_deleted)
                    SELECT v.task_id, p.patient_id, substr(v.task_id, length(p.patient_id) + 2),
                        coalesce((SELECT substr(v0.effective_at, 1, 10) FROM care_task_version v0
                            WHERE v0.task_id = v.task_id AND v0.sequence = 0), substr(v.effective_at, 1, 10)),
                        v.version_id, substr(v.effective_at, 1, 10), v.is_deleted
                    FROM care_task_version v JOIN care_plan p ON p.id = v.care_plan_id
                    WHERE v.task_id = NEW.task_id AND substr(v.task_id, 1, length(p.patient_id) + 1) = p.patient_id || '.'
                        AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
                    ON CONFLICT (task_id) DO UPDATE SET participant_id = excluded.participant_id,
                        study_task = excluded.study_task, start_day = excluded.start_day,
                        current_version_id = excluded.current_version_id,
                        current_effective_day = excluded.current_effective_day,
                        current_is_deleted = excluded.current_is_deleted;
                    END;
                    CREATE TRIGGER console_task_delete AFTER DELETE ON care_task_version BEGIN
                    INSERT INTO participant_task (task_id, participant_id, study_task, start_day, current_version_id,
                        current_effective_day, current_is_deleted)
                    SELECT v.task_id, p.patient_id, substr(v.task_id, length(p.patient_id) + 2),
                        coalesce((SELECT substr(v0.effective_at, 1, 10) FROM care_task_version v0
                            WHERE v0.task_id = v.task_id AND v0.sequence = 0), substr(v.effective_at, 1, 10)),
                        v.version_id, substr(v.effective_at, 1, 10), v.is_deleted
                    FROM care_task_version v JOIN care_plan p ON p.id = v.care_plan_id
                    WHERE v.task_id = OLD.task_id AND substr(v.task_id, 1, length(p.patient_id) + 1) = p.patient_id || '.'
                        AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
                    ON CONFLICT (task_id) DO UPDATE SET participant_id = excluded.participant_id,
                        study_task = excluded.study_task, start_day = excluded.start_day,
                        current_version_id = excluded.current_version_id,
                        current_effective_day = excluded.current_effective_day,
                        current_is_deleted = excluded.current_is_deleted;
                    END;
                    CREATE TRIGGER console_outcome_insert AFTER INSERT ON care_outcome BEGIN
                    UPDATE participant_task SET
                        latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL),
                        latest_outcome_id = (SELECT o.id FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL ORDER BY o.event_start DESC, o.id DESC LIMIT 1),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL
                            AND o.event_start < (SELECT max(o2.event_start) FROM care_outcome o2
                                WHERE o2.task_id = NEW.task_id AND o2.deleted_at IS NULL))
                    WHERE task_id = NEW.task_id;
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(NEW.event_start, 1, 10), 1 FROM participant_task t
                        WHERE t.task_id = NEW.task_id AND NEW.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    END;
                    CREATE TRIGGER console_outcome_update AFTER UPDATE ON care_outcome BEGIN
                    UPDATE participant_task SET
                        latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL),
                        latest_outcome_id = (SELECT o.id FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL ORDER BY o.event_start DESC, o.id DESC LIMIT 1),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL
                            AND o.event_start < (SELECT max(o2.event_start) FROM care_outcome o2
                                WHERE o2.task_id = OLD.task_id AND o2.deleted_at IS NULL))
                    WHERE task_id = OLD.task_id;
                    UPDATE participant_task SET
                        latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL),
                        latest_outcome_id = (SELECT o.id FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL ORDER BY o.event_start DESC, o.id DESC LIMIT 1),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL
                            AND o.event_start < (SELECT max(o2.event_start) FROM care_outcome o2
                                WHERE o2.task_id = NEW.task_id AND o2.deleted_at IS NULL))
                    WHERE task_id = NEW.task_id;
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(OLD.event_start, 1, 10), -1 FROM participant_task t
                        WHERE t.task_id = OLD.task_id AND OLD.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(NEW.event_start, 1, 10), 1 FROM participant_task t
                        WHERE t.task_id = NEW.task_id AND NEW.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    END;
                    CREATE TRIGGER console_outcome_delete AFTER DELETE ON care_outcome BEGIN
                    UPDATE participant_task SET
                        latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL),
                        latest_outcome_id = (SELECT o.id FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL ORDER BY o.event_start DESC, o.id DESC LIMIT 1),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL
                            AND o.event_start < (SELECT max(o2.event_start) FROM care_outcome o2
                                WHERE o2.task_id = OLD.task_id AND o2.deleted_at IS NULL))
                    WHERE task_id = OLD.task_id;
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(OLD.event_start, 1, 10), -1 FROM participant_task t
                        WHERE t.task_id = OLD.task_id AND OLD.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    END;
                    INSERT INTO participant_task (task_id, participant_id, study_task, start_day, current_version_id,
                        current_effective_day, current_is_deleted)
                    SELECT v.task_id, p.patient_id, substr(v.task_id, length(p.patient_id) + 2),
                        coalesce((SELECT substr(v0.effective_at, 1, 10) FROM care_task_version v0
                            WHERE v0.task_id = v.task_id AND v0.sequence = 0), substr(v.effective_at, 1, 10)),
                        v.version_id, substr(v.effective_at, 1, 10), v.is_deleted
                    FROM care_task_version v JOIN care_plan p ON p.id = v.care_plan_id
                    WHERE substr(v.task_id, 1, length(p.patient_id) + 1) = p.patient_id || '.'
                        AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
                    ON CONFLICT (task_id) DO UPDATE SET participant_id = excluded.participant_id,
                        study_task = excluded.study_task, start_day = excluded.start_day,
                        current_version_id = excluded.current_version_id,
                        current_effective_day = excluded.current_effective_day,
                        current_is_deleted = excluded.current_is_deleted;

                    UPDATE participant_task SET
                        latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = participant_task.task_id AND o.deleted_at IS NULL),
                        latest_outcome_id = (SELECT o.id FROM care_outcome o WHERE o.task_id = participant_task.task_id AND o.deleted_at IS NULL ORDER BY o.event_start DESC, o.id DESC LIMIT 1),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = participant_task.task_id AND o.deleted_at IS NULL
                            AND o.event_start < (SELECT max(o2.event_start) FROM care_outcome o2
                                WHERE o2.task_id = participant_task.task_id AND o2.deleted_at IS NULL))
                    WHERE task_id = participant_task.task_id;

                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(o.event_start, 1, 10), count(*) FROM care_outcome o
                        JOIN participant_task t ON t.task_id = o.task_id WHERE o.deleted_at IS NULL
                        GROUP BY t.study_task, substr(o.event_start, 1, 10);

                    """,
                postgres: """
                    CREATE TABLE participant_task (
                        task_id text COLLATE "C" PRIMARY KEY NOT NULL,
                        participant_id text COLLATE "C" NOT NULL,
                        study_task text COLLATE "C" NOT NULL,
                        start_day text COLLATE "C" NOT NULL,
                        current_version_id text COLLATE "C" NOT NULL,
                        current_effective_day text COLLATE "C" NOT NULL,
                        current_is_deleted boolean NOT NULL,
                        latest_event_start text COLLATE "C",
                        latest_outcome_id text COLLATE "C",
                        previous_event_start text COLLATE "C"
                    );
                    CREATE INDEX participant_task_study ON participant_task (study_task, participant_id);
                    CREATE TABLE study_day_outcome (
                        study_task text COLLATE "C" NOT NULL,
                        day text COLLATE "C" NOT NULL,
                        completed bigint NOT NULL,
                        PRIMARY KEY (study_task, day)
                    );
                    CREATE FUNCTION console_task() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP <> 'INSERT' THEN
                    INSERT INTO participant_task (task_id, participant_id, study_task, start_day, current_version_id,
                        current_effective_day, current_is_deleted)
                    SELECT v.task_id, p.patient_id, substr(v.task_id, length(p.patient_id) + 2),
                        coalesce((SELECT substr(v0.effective_at, 1, 10) FROM care_task_version v0
                            WHERE v0.task_id = v.task_id AND v0.sequence = 0), substr(v.effective_at, 1, 10)),
                        v.version_id, substr(v.effective_at, 1, 10), v.is_deleted
                    FROM care_task_version v JOIN care_plan p ON p.id = v.care_plan_id
                    WHERE v.task_id = OLD.task_id AND substr(v.task_id, 1, length(p.patient_id) + 1) = p.patient_id || '.'
                        AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
                    ON CONFLICT (task_id) DO UPDATE SET participant_id = excluded.participant_id,
                        study_task = excluded.study_task, start_day = excluded.start_day,
                        current_version_id = excluded.current_version_id,
                        current_effective_day = excluded.current_effective_day,
                        current_is_deleted = excluded.current_is_deleted;
                    END IF;
                    IF TG_OP <> 'DELETE' THEN
                    INSERT INTO participant_task (task_id, participant_id, study_task, start_day, current_version_id,
                        current_effective_day, current_is_deleted)
                    SELECT v.task_id, p.patient_id, substr(v.task_id, length(p.patient_id) + 2),
                        coalesce((SELECT substr(v0.effective_at, 1, 10) FROM care_task_version v0
                            WHERE v0.task_id = v.task_id AND v0.sequence = 0), substr(v.effective_at, 1, 10)),
                        v.version_id, substr(v.effective_at, 1, 10), v.is_deleted
                    FROM care_task_version v JOIN care_plan p ON p.id = v.care_plan_id
                    WHERE v.task_id = NEW.task_id AND substr(v.task_id, 1, length(p.patient_id) + 1) = p.patient_id || '.'
                        AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
                    ON CONFLICT (task_id) DO UPDATE SET participant_id = excluded.participant_id,
                        study_task = excluded.study_task, start_day = excluded.start_day,
                        current_version_id = excluded.current_version_id,
                        current_effective_day = excluded.current_effective_day,
                        current_is_deleted = excluded.current_is_deleted;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER console_task AFTER INSERT OR UPDATE OR DELETE ON care_task_version
                        FOR EACH ROW EXECUTE FUNCTION console_task();
                    CREATE FUNCTION console_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP <> 'INSERT' THEN
                    UPDATE participant_task SET
                        latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL),
                        latest_outcome_id = (SELECT o.id FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL ORDER BY o.event_start DESC, o.id DESC LIMIT 1),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL
                            AND o.event_start < (SELECT max(o2.event_start) FROM care_outcome o2
                                WHERE o2.task_id = OLD.task_id AND o2.deleted_at IS NULL))
                    WHERE task_id = OLD.task_id;
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(OLD.event_start, 1, 10), -1 FROM participant_task t
                        WHERE t.task_id = OLD.task_id AND OLD.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    END IF;
                    IF TG_OP <> 'DELETE' THEN
                    UPDATE participant_task SET
                        latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL),
                        latest_outcome_id = (SELECT o.id FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL ORDER BY o.event_start DESC, o.id DESC LIMIT 1),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL
                            AND o.event_start < (SELECT max(o2.event_start) FROM care_outcome o2
                                WHERE o2.task_id = NEW.task_id AND o2.deleted_at IS NULL))
                    WHERE task_id = NEW.task_id;
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(NEW.event_start, 1, 10), 1 FROM participant_task t
                        WHERE t.task_id = NEW.task_id AND NEW.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER console_outcome AFTER INSERT OR UPDATE OR DELETE ON care_outcome
                        FOR EACH ROW EXECUTE FUNCTION console_outcome();
                    INSERT INTO participant_task (task_id, participant_id, study_task, start_day, current_version_id,
                        current_effective_day, current_is_deleted)
                    SELECT v.task_id, p.patient_id, substr(v.task_id, length(p.patient_id) + 2),
                        coalesce((SELECT substr(v0.effective_at, 1, 10) FROM care_task_version v0
                            WHERE v0.task_id = v.task_id AND v0.sequence = 0), substr(v.effective_at, 1, 10)),
                        v.version_id, substr(v.effective_at, 1, 10), v.is_deleted
                    FROM care_task_version v JOIN care_plan p ON p.id = v.care_plan_id
                    WHERE substr(v.task_id, 1, length(p.patient_id) + 1) = p.patient_id || '.'
                        AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
                    ON CONFLICT (task_id) DO UPDATE SET participant_id = excluded.participant_id,
                        study_task = excluded.study_task, start_day = excluded.start_day,
                        current_version_id = excluded.current_version_id,
                        current_effective_day = excluded.current_effective_day,
                        current_is_deleted = excluded.current_is_deleted;

                    UPDATE participant_task SET
                        latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = participant_task.task_id AND o.deleted_at IS NULL),
                        latest_outcome_id = (SELECT o.id FROM care_outcome o WHERE o.task_id = participant_task.task_id AND o.deleted_at IS NULL ORDER BY o.event_start DESC, o.id DESC LIMIT 1),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = participant_task.task_id AND o.deleted_at IS NULL
                            AND o.event_start < (SELECT max(o2.event_start) FROM care_outcome o2
                                WHERE o2.task_id = participant_task.task_id AND o2.deleted_at IS NULL))
                    WHERE task_id = participant_task.task_id;

                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(o.event_start, 1, 10), count(*) FROM care_outcome o
                        JOIN participant_task t ON t.task_id = o.task_id WHERE o.deleted_at IS NULL
                        GROUP BY t.study_task, substr(o.event_start, 1, 10);

                    """),
            SchemaMigration(
                name: "console-003-latest-values",
                sqlite: """
                    CREATE TABLE participant_task_value (
                        task_id TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        highest  NOT NULL,
                        lowest  NOT NULL,
                        PRIMARY KEY (task_id, kind)
                    );
                    CREATE INDEX participant_task_value_highest ON participant_task_value (kind, highest);
                    CREATE INDEX participant_task_value_lowest ON participant_task_value (kind, lowest);
                    CREATE INDEX participant_task_latest ON participant_task (study_task, latest_event_start);
                    CREATE INDEX participant_task_previous ON participant_task (study_task, previous_event_start);
                    CREATE INDEX consent_record_patient_document ON consent_record (patient_id, document_sha256);
                    DROP TRIGGER console_outcome_insert;
                    DROP TRIGGER console_outcome_update;
                    DROP TRIGGER console_outcome_delete;
                    CREATE TRIGGER console_outcome_insert AFTER INSERT ON care_outcome BEGIN
                    UPDATE participant_task SET latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL)
                    WHERE task_id = NEW.task_id AND 1 = 1;
                    UPDATE participant_task SET
                        latest_outcome_id = (SELECT max(o.id) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL AND o.event_start = participant_task.latest_event_start),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL
                            AND o.event_start < participant_task.latest_event_start)
                    WHERE task_id = NEW.task_id AND 1 = 1;
                    DELETE FROM participant_task_value WHERE task_id = NEW.task_id AND 1 = 1;
                    INSERT INTO participant_task_value (task_id, kind, highest, lowest)
                    SELECT t.task_id, json_extract(e.value, '$.kind') AS kind, max(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) AS highest, min(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) AS lowest
                    FROM participant_task t JOIN care_outcome o ON o.id = t.latest_outcome_id, json_each(o.values_json) AS e
                    WHERE t.task_id = NEW.task_id AND 1 = 1 AND json_extract(e.value, '$.kind') IS NOT NULL
                    GROUP BY t.task_id, json_extract(e.value, '$.kind') HAVING max(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) IS NOT NULL;
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(NEW.event_start, 1, 10), 1 FROM participant_task t
                        WHERE t.task_id = NEW.task_id AND NEW.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    END;
                    CREATE TRIGGER console_outcome_update AFTER UPDATE ON care_outcome BEGIN
                    UPDATE participant_task SET latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL)
                    WHERE task_id = OLD.task_id AND 1 = 1;
                    UPDATE participant_task SET
                        latest_outcome_id = (SELECT max(o.id) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL AND o.event_start = participant_task.latest_event_start),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL
                            AND o.event_start < participant_task.latest_event_start)
                    WHERE task_id = OLD.task_id AND 1 = 1;
                    DELETE FROM participant_task_value WHERE task_id = OLD.task_id AND 1 = 1;
                    INSERT INTO participant_task_value (task_id, kind, highest, lowest)
                    SELECT t.task_id, json_extract(e.value, '$.kind') AS kind, max(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) AS highest, min(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) AS lowest
                    FROM participant_task t JOIN care_outcome o ON o.id = t.latest_outcome_id, json_each(o.values_json) AS e
                    WHERE t.task_id = OLD.task_id AND 1 = 1 AND json_extract(e.value, '$.kind') IS NOT NULL
                    GROUP BY t.task_id, json_extract(e.value, '$.kind') HAVING max(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) IS NOT NULL;
                    UPDATE participant_task SET latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL)
                    WHERE task_id = NEW.task_id AND NEW.task_id <> OLD.task_id;
                    UPDATE participant_task SET
                        latest_outcome_id = (SELECT max(o.id) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL AND o.event_start = participant_task.latest_event_start),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL
                            AND o.event_start < participant_task.latest_event_start)
                    WHERE task_id = NEW.task_id AND NEW.task_id <> OLD.task_id;
                    DELETE FROM participant_task_value WHERE task_id = NEW.task_id AND NEW.task_id <> OLD.task_id;
                    INSERT INTO participant_task_value (task_id, kind, highest, lowest)
                    SELECT t.task_id, json_extract(e.value, '$.kind') AS kind, max(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) AS highest, min(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) AS lowest
                    FROM participant_task t JOIN care_outcome o ON o.id = t.latest_outcome_id, json_each(o.values_json) AS e
                    WHERE t.task_id = NEW.task_id AND NEW.task_id <> OLD.task_id AND json_extract(e.value, '$.kind') IS NOT NULL
                    GROUP BY t.task_id, json_extract(e.value, '$.kind') HAVING max(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) IS NOT NULL;
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(OLD.event_start, 1, 10), -1 FROM participant_task t
                        WHERE t.task_id = OLD.task_id AND OLD.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(NEW.event_start, 1, 10), 1 FROM participant_task t
                        WHERE t.task_id = NEW.task_id AND NEW.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    END;
                    CREATE TRIGGER console_outcome_delete AFTER DELETE ON care_outcome BEGIN
                    UPDATE participant_task SET latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL)
                    WHERE task_id = OLD.task_id AND 1 = 1;
                    UPDATE participant_task SET
                        latest_outcome_id = (SELECT max(o.id) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL AND o.event_start = participant_task.latest_event_start),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL
                            AND o.event_start < participant_task.latest_event_start)
                    WHERE task_id = OLD.task_id AND 1 = 1;
                    DELETE FROM participant_task_value WHERE task_id = OLD.task_id AND 1 = 1;
                    INSERT INTO participant_task_value (task_id, kind, highest, lowest)
                    SELECT t.task_id, json_extract(e.value, '$.kind') AS kind, max(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) AS highest, min(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) AS lowest
                    FROM participant_task t JOIN care_outcome o ON o.id = t.latest_outcome_id, json_each(o.values_json) AS e
                    WHERE t.task_id = OLD.task_id AND 1 = 1 AND json_extract(e.value, '$.kind') IS NOT NULL
                    GROUP BY t.task_id, json_extract(e.value, '$.kind') HAVING max(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) IS NOT NULL;
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(OLD.event_start, 1, 10), -1 FROM participant_task t
                        WHERE t.task_id = OLD.task_id AND OLD.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    END;
                    INSERT INTO participant_task_value (task_id, kind, highest, lowest)
                    SELECT t.task_id, json_extract(e.value, '$.kind') AS kind, max(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) AS highest, min(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) AS lowest
                    FROM participant_task t JOIN care_outcome o ON o.id = t.latest_outcome_id, json_each(o.values_json) AS e
                    WHERE t.latest_outcome_id IS NOT NULL AND json_extract(e.value, '$.kind') IS NOT NULL
                    GROUP BY t.task_id, json_extract(e.value, '$.kind') HAVING max(coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))) IS NOT NULL;

                    """,
                postgres: """
                    CREATE TABLE participant_task_value (
                        task_id text COLLATE "C" NOT NULL,
                        kind text COLLATE "C" NOT NULL,
                        highest double precision NOT NULL,
                        lowest double precision NOT NULL,
                        PRIMARY KEY (task_id, kind)
                    );
                    CREATE INDEX participant_task_value_highest ON participant_task_value (kind, highest);
                    CREATE INDEX participant_task_value_lowest ON participant_task_value (kind, lowest);
                    CREATE INDEX participant_task_latest ON participant_task (study_task, latest_event_start);
                    CREATE INDEX participant_task_previous ON participant_task (study_task, previous_event_start);
                    CREATE INDEX consent_record_patient_document ON consent_record (patient_id, document_sha256);
                    CREATE OR REPLACE FUNCTION console_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP <> 'INSERT' THEN
                    UPDATE participant_task SET latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL)
                    WHERE task_id = OLD.task_id AND 1 = 1;
                    UPDATE participant_task SET
                        latest_outcome_id = (SELECT max(o.id) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL AND o.event_start = participant_task.latest_event_start),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = OLD.task_id AND o.deleted_at IS NULL
                            AND o.event_start < participant_task.latest_event_start)
                    WHERE task_id = OLD.task_id AND 1 = 1;
                    DELETE FROM participant_task_value WHERE task_id = OLD.task_id AND 1 = 1;
                    INSERT INTO participant_task_value (task_id, kind, highest, lowest)
                    SELECT t.task_id, (e ->> 'kind') AS kind, max(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) AS highest, min(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) AS lowest
                    FROM participant_task t JOIN care_outcome o ON o.id = t.latest_outcome_id CROSS JOIN LATERAL jsonb_array_elements(o.values_json::jsonb) AS e
                    WHERE t.task_id = OLD.task_id AND 1 = 1 AND (e ->> 'kind') IS NOT NULL
                    GROUP BY t.task_id, (e ->> 'kind') HAVING max(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) IS NOT NULL;
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(OLD.event_start, 1, 10), -1 FROM participant_task t
                        WHERE t.task_id = OLD.task_id AND OLD.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    END IF;
                    IF TG_OP = 'INSERT' THEN
                    UPDATE participant_task SET latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL)
                    WHERE task_id = NEW.task_id AND 1 = 1;
                    UPDATE participant_task SET
                        latest_outcome_id = (SELECT max(o.id) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL AND o.event_start = participant_task.latest_event_start),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL
                            AND o.event_start < participant_task.latest_event_start)
                    WHERE task_id = NEW.task_id AND 1 = 1;
                    DELETE FROM participant_task_value WHERE task_id = NEW.task_id AND 1 = 1;
                    INSERT INTO participant_task_value (task_id, kind, highest, lowest)
                    SELECT t.task_id, (e ->> 'kind') AS kind, max(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) AS highest, min(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) AS lowest
                    FROM participant_task t JOIN care_outcome o ON o.id = t.latest_outcome_id CROSS JOIN LATERAL jsonb_array_elements(o.values_json::jsonb) AS e
                    WHERE t.task_id = NEW.task_id AND 1 = 1 AND (e ->> 'kind') IS NOT NULL
                    GROUP BY t.task_id, (e ->> 'kind') HAVING max(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) IS NOT NULL;
                    ELSIF TG_OP = 'UPDATE' AND NEW.task_id <> OLD.task_id THEN
                    UPDATE participant_task SET latest_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL)
                    WHERE task_id = NEW.task_id AND 1 = 1;
                    UPDATE participant_task SET
                        latest_outcome_id = (SELECT max(o.id) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL AND o.event_start = participant_task.latest_event_start),
                        previous_event_start = (SELECT max(o.event_start) FROM care_outcome o WHERE o.task_id = NEW.task_id AND o.deleted_at IS NULL
                            AND o.event_start < participant_task.latest_event_start)
                    WHERE task_id = NEW.task_id AND 1 = 1;
                    DELETE FROM participant_task_value WHERE task_id = NEW.task_id AND 1 = 1;
                    INSERT INTO participant_task_value (task_id, kind, highest, lowest)
                    SELECT t.task_id, (e ->> 'kind') AS kind, max(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) AS highest, min(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) AS lowest
                    FROM participant_task t JOIN care_outcome o ON o.id = t.latest_outcome_id CROSS JOIN LATERAL jsonb_array_elements(o.values_json::jsonb) AS e
                    WHERE t.task_id = NEW.task_id AND 1 = 1 AND (e ->> 'kind') IS NOT NULL
                    GROUP BY t.task_id, (e ->> 'kind') HAVING max(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) IS NOT NULL;
                    END IF;
                    IF TG_OP <> 'DELETE' THEN
                    INSERT INTO study_day_outcome (study_task, day, completed)
                        SELECT t.study_task, substr(NEW.event_start, 1, 10), 1 FROM participant_task t
                        WHERE t.task_id = NEW.task_id AND NEW.deleted_at IS NULL
                        ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;
                    END IF;
                    RETURN NULL;
                    END $$;
                    INSERT INTO participant_task_value (task_id, kind, highest, lowest)
                    SELECT t.task_id, (e ->> 'kind') AS kind, max(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) AS highest, min(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) AS lowest
                    FROM participant_task t JOIN care_outcome o ON o.id = t.latest_outcome_id CROSS JOIN LATERAL jsonb_array_elements(o.values_json::jsonb) AS e
                    WHERE t.latest_outcome_id IS NOT NULL AND (e ->> 'kind') IS NOT NULL
                    GROUP BY t.task_id, (e ->> 'kind') HAVING max(CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                        THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                        WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                        THEN CAST(e -> 'content' ->> 'double' AS double precision) END) IS NOT NULL;

                    """),
            SchemaMigration(
                name: "console-004-participant-state",
                sqlite: """
                    ALTER TABLE participant_task ADD COLUMN is_participant INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE participant_task ADD COLUMN withdrawn_day TEXT;
                    CREATE INDEX participant_task_participant ON participant_task (participant_id);
                    CREATE INDEX participant_task_cohort
                        ON participant_task (study_task, current_effective_day, withdrawn_day, current_version_id)
                        WHERE is_participant AND NOT current_is_deleted;
                    CREATE TRIGGER console_account_insert AFTER INSERT ON account BEGIN
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT substr(a.withdrawn_at, 1, 10) FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE participant_id = NEW.id;
                    END;
                    CREATE TRIGGER console_account_update AFTER UPDATE OF id, role, withdrawn_at ON account BEGIN
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT substr(a.withdrawn_at, 1, 10) FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE participant_id = OLD.id;
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT substr(a.withdrawn_at, 1, 10) FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE participant_id = NEW.id AND NEW.id <> OLD.id;
                    END;
                    CREATE TRIGGER console_account_delete AFTER DELETE ON account BEGIN
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT substr(a.withdrawn_at, 1, 10) FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE participant_id = OLD.id;
                    END;
                    CREATE TRIGGER console_participant_task_insert AFTER INSERT ON participant_task BEGIN
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT substr(a.withdrawn_at, 1, 10) FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE task_id = NEW.task_id;
                    END;
                    CREATE TRIGGER console_participant_task_owner AFTER UPDATE OF participant_id ON participant_task BEGIN
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT substr(a.withdrawn_at, 1, 10) FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE task_id = NEW.task_id;
                    END;
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT substr(a.withdrawn_at, 1, 10) FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE 1 = 1;

                    """,
                postgres: """
                    ALTER TABLE participant_task ADD COLUMN is_participant boolean NOT NULL DEFAULT false;
                    ALTER TABLE participant_task ADD COLUMN withdrawn_day text COLLATE "C";
                    CREATE INDEX participant_task_participant ON participant_task (participant_id);
                    CREATE INDEX participant_task_cohort
                        ON participant_task (study_task, current_effective_day, withdrawn_day, current_version_id)
                        WHERE is_participant AND NOT current_is_deleted;
                    CREATE FUNCTION console_account() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP <> 'INSERT' THEN
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT to_char(a.withdrawn_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE participant_id = OLD.id;
                    END IF;
                    IF TG_OP = 'INSERT' THEN
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT to_char(a.withdrawn_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE participant_id = NEW.id;
                    ELSIF TG_OP = 'UPDATE' AND NEW.id <> OLD.id THEN
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT to_char(a.withdrawn_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE participant_id = NEW.id;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER console_account AFTER INSERT OR DELETE OR UPDATE OF id, role, withdrawn_at ON account
                        FOR EACH ROW EXECUTE FUNCTION console_account();
                    CREATE FUNCTION console_participant_task() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT to_char(a.withdrawn_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE task_id = NEW.task_id;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER console_participant_task AFTER INSERT OR UPDATE OF participant_id ON participant_task
                        FOR EACH ROW EXECUTE FUNCTION console_participant_task();
                    UPDATE participant_task SET is_participant = EXISTS (SELECT 1 FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'),
                        withdrawn_day = (SELECT to_char(a.withdrawn_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant')
                    WHERE 1 = 1;

                    """),
        ])
}
