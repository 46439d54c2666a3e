import Postgres
import SQLite

/// Migration `console-003-latest-values`: the numeric values of each participant task's latest outcome kept
/// beside its row, so an alert rule reads the few rows past its threshold from an index instead of the JSON of
/// every participant's latest answer; indexes for the dashboard's other questions; and the outcome triggers
/// made again with one `max(event_start)` per refresh (docs/storage.md, "The console's aggregates").
///
/// - `participant_task_value` (key: `task_id, kind`): per value kind of the task's latest live outcome
///   (`participant_task.latest_outcome_id`), the highest and lowest number (`content.integer`, else
///   `content.double`), as the alert rule's query took them from the JSON; a kind without a number has no row.
///   Indexed by `kind, highest` and `kind, lowest`, so an "at least" or "at most" rule is one index range.
/// - `participant_task (study_task, latest_event_start)` and `(study_task, previous_event_start)`: the
///   missed-days and behind-today questions start from the tasks whose latest two days leave the window empty.
/// - `consent_record (patient_id, document_sha256)`: "has this participant signed one of these texts" from the
///   index alone; the hash sits after the stored document in the row, whose overflow pages were read per probe.
extension ConsoleAggregates {
    /// The statements that refresh the outcome columns of the task whose id is the SQL expression `task`, when
    /// `condition` (SQL) holds: the latest event start asked once, then the latest outcome (the greatest id of
    /// that start) and the start before it read against the stored value.
    static func refreshLatest(_ task: String, when condition: String = "1 = 1") -> String {
        let live = "FROM care_outcome o WHERE o.task_id = \(task) AND o.deleted_at IS NULL"
        return """
            UPDATE participant_task SET latest_event_start = (SELECT max(o.event_start) \(live))
            WHERE task_id = \(task) AND \(condition);
            UPDATE participant_task SET
                latest_outcome_id = (SELECT max(o.id) \(live) AND o.event_start = participant_task.latest_event_start),
                previous_event_start = (SELECT max(o.event_start) \(live)
                    AND o.event_start < participant_task.latest_event_start)
            WHERE task_id = \(task) AND \(condition);

            """
    }

    /// The number of one value `e` of an outcome's JSON, as the alert rules read it: `content.integer`, else
    /// `content.double`. On PostgreSQL only a JSON number is cast, so an odd value can never fail a write.
    static func number(in dialect: StoreDialect) -> String {
        switch dialect {
        case .sqlite:
            "coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))"
        case .postgres:
            """
            CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                THEN CAST(e -> 'content' ->> 'double' AS double precision) END
            """
        }
    }

    /// The rows of `participant_task_value` of the tasks `filter` (SQL on `participant_task t`) selects, from
    /// their latest outcomes: one statement for one task in a trigger and for the whole table in the backfill.
    static func latestValues(where filter: String, in dialect: StoreDialect) -> String {
        let (elements, kind) =
            switch dialect {
            case .sqlite: (", json_each(o.values_json) AS e", "json_extract(e.value, '$.kind')")
            case .postgres: (" CROSS JOIN LATERAL jsonb_array_elements(o.values_json::jsonb) AS e", "(e ->> 'kind')")
            }
        let number = number(in: dialect)
        return """
            SELECT t.task_id, \(kind) AS kind, max(\(number)) AS highest, min(\(number)) AS lowest
            FROM participant_task t JOIN care_outcome o ON o.id = t.latest_outcome_id\(elements)
            WHERE \(filter) AND \(kind) IS NOT NULL
            GROUP BY t.task_id, \(kind) HAVING max(\(number)) IS NOT NULL
            """
    }

    /// The statements that refresh the kept values of the task whose id is the SQL expression `task`.
    static func refreshValues(_ task: String, when condition: String = "1 = 1", in dialect: StoreDialect) -> String {
        """
        DELETE FROM participant_task_value WHERE task_id = \(task) AND \(condition);
        INSERT INTO participant_task_value (task_id, kind, highest, lowest)
        \(latestValues(where: "t.task_id = \(task) AND \(condition)", in: dialect));

        """
    }

    static func valueTableAndIndexes(text: String, number: String) -> String {
        """
        CREATE TABLE participant_task_value (
            task_id \(text) NOT NULL,
            kind \(text) NOT NULL,
            highest \(number) NOT NULL,
            lowest \(number) NOT NULL,
            PRIMARY KEY (task_id, kind)
        );
        CREATE INDEX participant_task_value_highest ON participant_task_value (kind, highest);
        CREATE INDEX participant_task_value_lowest ON participant_task_value (kind, lowest);
        CREATE INDEX participant_task_latest ON participant_task (study_task, latest_event_start);
        CREATE INDEX participant_task_previous ON participant_task (study_task, previous_event_start);
        CREATE INDEX consent_record_patient_document ON consent_record (patient_id, document_sha256);

        """
    }

    static let valuesName = "console-003-latest-values"

    /// On SQLite the values have no declared type, so they stay the integer or real `json_extract` gave and
    /// compare with a rule's threshold exactly as before.
    static let sqliteValuesMigration = Migration(
        name: valuesName,
        sql: valueTableAndIndexes(text: "TEXT", number: "")
            + """
            DROP TRIGGER console_outcome_insert;
            DROP TRIGGER console_outcome_update;
            DROP TRIGGER console_outcome_delete;
            CREATE TRIGGER console_outcome_insert AFTER INSERT ON care_outcome BEGIN
            \(refreshLatest("NEW.task_id"))\(refreshValues("NEW.task_id", in: .sqlite))\(count("NEW", 1))END;
            CREATE TRIGGER console_outcome_update AFTER UPDATE ON care_outcome BEGIN
            \(refreshLatest("OLD.task_id"))\(refreshValues("OLD.task_id", in: .sqlite))\
            \(refreshLatest("NEW.task_id", when: "NEW.task_id <> OLD.task_id"))\
            \(refreshValues("NEW.task_id", when: "NEW.task_id <> OLD.task_id", in: .sqlite))\
            \(count("OLD", -1))\(count("NEW", 1))END;
            CREATE TRIGGER console_outcome_delete AFTER DELETE ON care_outcome BEGIN
            \(refreshLatest("OLD.task_id"))\(refreshValues("OLD.task_id", in: .sqlite))\(count("OLD", -1))END;
            INSERT INTO participant_task_value (task_id, kind, highest, lowest)
            \(latestValues(where: "t.latest_outcome_id IS NOT NULL", in: .sqlite));

            """)

    static let postgresValuesMigration = PostgresMigration(
        name: valuesName,
        sql: valueTableAndIndexes(text: "text COLLATE \"C\"", number: "double precision")
            + """
            CREATE OR REPLACE FUNCTION console_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            IF TG_OP <> 'INSERT' THEN
            \(refreshLatest("OLD.task_id"))\(refreshValues("OLD.task_id", in: .postgres))\(count("OLD", -1))END IF;
            IF TG_OP = 'INSERT' THEN
            \(refreshLatest("NEW.task_id"))\(refreshValues("NEW.task_id", in: .postgres))\
            ELSIF TG_OP = 'UPDATE' AND NEW.task_id <> OLD.task_id THEN
            \(refreshLatest("NEW.task_id"))\(refreshValues("NEW.task_id", in: .postgres))END IF;
            IF TG_OP <> 'DELETE' THEN
            \(count("NEW", 1))END IF;
            RETURN NULL;
            END $$;
            INSERT INTO participant_task_value (task_id, kind, highest, lowest)
            \(latestValues(where: "t.latest_outcome_id IS NOT NULL", in: .postgres));

            """)
}
