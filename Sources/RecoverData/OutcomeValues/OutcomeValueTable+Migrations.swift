extension OutcomeValueTable {
    /// The table, the triggers that keep it, and the backfill from the outcomes already stored. The triggers on
    /// `care_outcome` remove an outcome's rows (a key prefix of the table: no second index to keep) and add them
    /// again when it is live, one row per value's content field, with the newest staff correction of its kind;
    /// the trigger on `outcome_correction` sets the correction columns of the value a new correction is about.
    /// The value's columns are what the exports read from the JSON before (`value` typed as SQLite's
    /// `json_each` gives it; on PostgreSQL the JSON text).
    static let schema = SchemaArea(
        tables: [.keptByTriggers("outcome_value")],
        migrations: [
            SchemaMigration(
                name: "outcome-values-001-rows",
                sqlite: """
                    CREATE TABLE outcome_value (
                        participant_id TEXT NOT NULL,
                        task_id TEXT NOT NULL,
                        event_start TEXT NOT NULL,
                        outcome_id TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        occurrence INTEGER NOT NULL,
                        created_at TEXT NOT NULL,
                        kind TEXT,
                        unit TEXT,
                        value_type TEXT NOT NULL,
                        value ANY,
                        json_type TEXT NOT NULL,
                        corrected_value INTEGER,
                        correction_reason TEXT,
                        PRIMARY KEY (participant_id, task_id, event_start, outcome_id, position)
                    ) WITHOUT ROWID, STRICT;
                    CREATE INDEX outcome_correction_outcome ON outcome_correction (outcome_id, value_kind, corrected_at);
                    CREATE TRIGGER outcome_value_insert AFTER INSERT ON care_outcome BEGIN
                    INSERT INTO outcome_value (participant_id, task_id, event_start, outcome_id, position, occurrence,
                        created_at, kind, unit, value_type, value, json_type, corrected_value, correction_reason)
                    SELECT p.patient_id, NEW.task_id, NEW.event_start, NEW.id, v.key, NEW.occurrence,
                        NEW.created_at, json_extract(v.value, '$.kind'), json_extract(v.value, '$.unit'), c.key, c.value,
                        c.type, (SELECT oc.new_value FROM outcome_correction oc WHERE oc.outcome_id = NEW.id AND oc.value_kind = json_extract(v.value, '$.kind')
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1),
                        (SELECT oc.reason FROM outcome_correction oc WHERE oc.outcome_id = NEW.id AND oc.value_kind = json_extract(v.value, '$.kind')
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1)
                    FROM care_task_version t JOIN care_plan p ON p.id = t.care_plan_id
                    JOIN json_each(NEW.values_json) AS v JOIN json_each(v.value, '$.content') AS c
                    WHERE t.version_id = NEW.task_version_id AND p.patient_id IS NOT NULL AND NEW.deleted_at IS NULL;
                    END;
                    CREATE TRIGGER outcome_value_update AFTER UPDATE ON care_outcome BEGIN
                    DELETE FROM outcome_value WHERE participant_id = (SELECT p.patient_id FROM care_task_version t JOIN care_plan p ON p.id = t.care_plan_id
                        WHERE t.version_id = OLD.task_version_id) AND task_id = OLD.task_id
                        AND event_start = OLD.event_start AND outcome_id = OLD.id;
                    INSERT INTO outcome_value (participant_id, task_id, event_start, outcome_id, position, occurrence,
                        created_at, kind, unit, value_type, value, json_type, corrected_value, correction_reason)
                    SELECT p.patient_id, NEW.task_id, NEW.event_start, NEW.id, v.key, NEW.occurrence,
                        NEW.created_at, json_extract(v.value, '$.kind'), json_extract(v.value, '$.unit'), c.key, c.value,
                        c.type, (SELECT oc.new_value FROM outcome_correction oc WHERE oc.outcome_id = NEW.id AND oc.value_kind = json_extract(v.value, '$.kind')
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1),
                        (SELECT oc.reason FROM outcome_correction oc WHERE oc.outcome_id = NEW.id AND oc.value_kind = json_extract(v.value, '$.kind')
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1)
                    FROM care_task_version t JOIN care_plan p ON p.id = t.care_plan_id
                    JOIN json_each(NEW.values_json) AS v JOIN json_each(v.value, '$.content') AS c
                    WHERE t.version_id = NEW.task_version_id AND p.patient_id IS NOT NULL AND NEW.deleted_at IS NULL;
                    END;
                    CREATE TRIGGER outcome_value_delete AFTER DELETE ON care_outcome BEGIN
                    DELETE FROM outcome_value WHERE participant_id = (SELECT p.patient_id FROM care_task_version t JOIN care_plan p ON p.id = t.care_plan_id
                        WHERE t.version_id = OLD.task_version_id) AND task_id = OLD.task_id
                        AND event_start = OLD.event_start AND outcome_id = OLD.id;
                    END;
                    CREATE TRIGGER outcome_value_correction AFTER INSERT ON outcome_correction BEGIN
                    UPDATE outcome_value SET
                        corrected_value = (SELECT oc.new_value FROM outcome_correction oc WHERE oc.outcome_id = NEW.outcome_id AND oc.value_kind = NEW.value_kind
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1),
                        correction_reason = (SELECT oc.reason FROM outcome_correction oc WHERE oc.outcome_id = NEW.outcome_id AND oc.value_kind = NEW.value_kind
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1)
                    WHERE (participant_id, task_id, event_start, outcome_id) IN (
                        SELECT p.patient_id, o.task_id, o.event_start, o.id FROM care_outcome o
                        JOIN care_task_version t ON t.version_id = o.task_version_id JOIN care_plan p ON p.id = t.care_plan_id
                        WHERE o.id = NEW.outcome_id)
                        AND kind = NEW.value_kind;
                    END;
                    INSERT INTO outcome_value (participant_id, task_id, event_start, outcome_id, position, occurrence,
                        created_at, kind, unit, value_type, value, json_type, corrected_value, correction_reason)
                    SELECT p.patient_id, o.task_id, o.event_start, o.id, v.key, o.occurrence,
                        o.created_at, json_extract(v.value, '$.kind'), json_extract(v.value, '$.unit'), c.key, c.value,
                        c.type, (SELECT oc.new_value FROM outcome_correction oc WHERE oc.outcome_id = o.id AND oc.value_kind = json_extract(v.value, '$.kind')
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1),
                        (SELECT oc.reason FROM outcome_correction oc WHERE oc.outcome_id = o.id AND oc.value_kind = json_extract(v.value, '$.kind')
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1)
                    FROM care_outcome AS o CROSS JOIN care_task_version t JOIN care_plan p ON p.id = t.care_plan_id
                    JOIN json_each(o.values_json) AS v JOIN json_each(v.value, '$.content') AS c
                    WHERE t.version_id = o.task_version_id AND p.patient_id IS NOT NULL AND o.deleted_at IS NULL;

                    """,
                postgres: """
                    CREATE TABLE outcome_value (
                        participant_id text COLLATE "C" NOT NULL,
                        task_id text COLLATE "C" NOT NULL,
                        event_start text COLLATE "C" NOT NULL,
                        outcome_id text COLLATE "C" NOT NULL,
                        position bigint NOT NULL,
                        occurrence bigint NOT NULL,
                        created_at timestamptz NOT NULL,
                        kind text COLLATE "C",
                        unit text COLLATE "C",
                        value_type text COLLATE "C" NOT NULL,
                        value text,
                        json_type text COLLATE "C" NOT NULL,
                        corrected_value bigint,
                        correction_reason text COLLATE "C",
                        PRIMARY KEY (participant_id, task_id, event_start, outcome_id, position)
                    );
                    CREATE INDEX outcome_correction_outcome ON outcome_correction (outcome_id, value_kind, corrected_at);
                    CREATE FUNCTION outcome_value_rows() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    IF TG_OP <> 'INSERT' THEN
                    DELETE FROM outcome_value WHERE participant_id = (SELECT p.patient_id FROM care_task_version t JOIN care_plan p ON p.id = t.care_plan_id
                        WHERE t.version_id = OLD.task_version_id) AND task_id = OLD.task_id
                        AND event_start = OLD.event_start AND outcome_id = OLD.id;
                    END IF;
                    IF TG_OP <> 'DELETE' THEN
                    INSERT INTO outcome_value (participant_id, task_id, event_start, outcome_id, position, occurrence,
                        created_at, kind, unit, value_type, value, json_type, corrected_value, correction_reason)
                    SELECT p.patient_id, NEW.task_id, NEW.event_start, NEW.id, v.ordinal - 1, NEW.occurrence,
                        NEW.created_at, v.value ->> 'kind', v.value ->> 'unit', c.key, c.value #>> '{}',
                        CASE jsonb_typeof(c.value) WHEN 'boolean' THEN c.value #>> '{}' WHEN 'number' THEN 'number'
                            ELSE jsonb_typeof(c.value) END,
                        (SELECT oc.new_value FROM outcome_correction oc WHERE oc.outcome_id = NEW.id AND oc.value_kind = v.value ->> 'kind'
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1),
                        (SELECT oc.reason FROM outcome_correction oc WHERE oc.outcome_id = NEW.id AND oc.value_kind = v.value ->> 'kind'
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1)
                    FROM care_task_version t JOIN care_plan p ON p.id = t.care_plan_id
                    CROSS JOIN LATERAL jsonb_array_elements(NEW.values_json::jsonb) WITH ORDINALITY AS v(value, ordinal)
                    CROSS JOIN LATERAL jsonb_each(v.value -> 'content') AS c
                    WHERE t.version_id = NEW.task_version_id AND p.patient_id IS NOT NULL AND NEW.deleted_at IS NULL;
                    END IF;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER outcome_value_rows AFTER INSERT OR UPDATE OR DELETE ON care_outcome
                        FOR EACH ROW EXECUTE FUNCTION outcome_value_rows();
                    CREATE FUNCTION outcome_value_correction() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                    UPDATE outcome_value SET
                        corrected_value = (SELECT oc.new_value FROM outcome_correction oc WHERE oc.outcome_id = NEW.outcome_id AND oc.value_kind = NEW.value_kind
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1),
                        correction_reason = (SELECT oc.reason FROM outcome_correction oc WHERE oc.outcome_id = NEW.outcome_id AND oc.value_kind = NEW.value_kind
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1)
                    WHERE (participant_id, task_id, event_start, outcome_id) IN (
                        SELECT p.patient_id, o.task_id, o.event_start, o.id FROM care_outcome o
                        JOIN care_task_version t ON t.version_id = o.task_version_id JOIN care_plan p ON p.id = t.care_plan_id
                        WHERE o.id = NEW.outcome_id)
                        AND kind = NEW.value_kind;
                    RETURN NULL;
                    END $$;
                    CREATE TRIGGER outcome_value_correction AFTER INSERT ON outcome_correction
                        FOR EACH ROW EXECUTE FUNCTION outcome_value_correction();
                    INSERT INTO outcome_value (participant_id, task_id, event_start, outcome_id, position, occurrence,
                        created_at, kind, unit, value_type, value, json_type, corrected_value, correction_reason)
                    SELECT p.patient_id, o.task_id, o.event_start, o.id, v.ordinal - 1, o.occurrence,
                        o.created_at, v.value ->> 'kind', v.value ->> 'unit', c.key, c.value #>> '{}',
                        CASE jsonb_typeof(c.value) WHEN 'boolean' THEN c.value #>> '{}' WHEN 'number' THEN 'number'
                            ELSE jsonb_typeof(c.value) END,
                        (SELECT oc.new_value FROM outcome_correction oc WHERE oc.outcome_id = o.id AND oc.value_kind = v.value ->> 'kind'
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1),
                        (SELECT oc.reason FROM outcome_correction oc WHERE oc.outcome_id = o.id AND oc.value_kind = v.value ->> 'kind'
                        ORDER BY oc.corrected_at DESC, oc.id DESC LIMIT 1)
                    FROM care_outcome AS o CROSS JOIN care_task_version t JOIN care_plan p ON p.id = t.care_plan_id
                    CROSS JOIN LATERAL jsonb_array_elements(o.values_json::jsonb) WITH ORDINALITY AS v(value, ordinal)
                    CROSS JOIN LATERAL jsonb_each(v.value -> 'content') AS c
                    WHERE t.version_id = o.task_version_id AND p.patient_id IS NOT NULL AND o.deleted_at IS NULL;

                    """)
        ])
}
