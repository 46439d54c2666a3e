import Postgres
import SQLite

/// The console's aggregates, kept by triggers in the transaction of every care write, so the dashboard reads
/// one small row per participant task and one per study task and day instead of probing the outcomes of each
/// participant (docs/storage.md, "The console's aggregates").
///
/// - `participant_task`: one row per participant's care task (`<participant id>.<study task>`): the study
///   task, the day its first version took effect, its current version, and its latest two live outcome
///   event starts with the latest outcome's id. Refreshed from `care_task_version` and `care_outcome` by index
///   lookups of that one task after each write of either, so a tombstone or a corrected date is reflected
///   exactly as a new answer is.
/// - `study_day_outcome`: live outcomes per study task and event day, counted up and down as outcomes are
///   written, tombstoned or moved.
///
/// Triggers rather than calls in the stores, as for the feed's version counter: every write, by any use
/// case, command, copy or instance, keeps them, and a write added later cannot forget to.
enum ConsoleAggregates {
    /// The statement that refreshes the task columns of the task whose id is the SQL expression `task`.
    static func refreshTask(_ task: String) -> String {
        """
        INSERT INTO participant_task (task_id, participant_id, study_task, start_day, current_version_id,
            current_effective_day, current_is_deleted)
        SELECT v.task_id, p.patient_id, substr(v.task_id, length(p.patient_id) + 2),
            coalesce((SELECT substr(v0.effective_at, 1, 10) FROM care_task_version v0
                WHERE v0.task_id = v.task_id AND v0.sequence = 0), substr(v.effective_at, 1, 10)),
            v.version_id, substr(v.effective_at, 1, 10), v.is_deleted
        FROM care_task_version v JOIN care_plan p ON p.id = v.care_plan_id
        WHERE v.task_id = \(task) AND substr(v.task_id, 1, length(p.patient_id) + 1) = p.patient_id || '.'
            AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
        ON CONFLICT (task_id) DO UPDATE SET participant_id = excluded.participant_id,
            study_task = excluded.study_task, start_day = excluded.start_day,
            current_version_id = excluded.current_version_id,
            current_effective_day = excluded.current_effective_day,
            current_is_deleted = excluded.current_is_deleted;

        """
    }

    /// The statement that refreshed the outcome columns of the task whose id is the SQL expression `task`, as
    /// `console-002-aggregates` landed (kept for its checksum; `console-003` triggers use ``refreshLatest(_:when:)``).
    static func refreshOutcomes(_ task: String) -> String {
        let live = "FROM care_outcome o WHERE o.task_id = \(task) AND o.deleted_at IS NULL"
        return """
            UPDATE participant_task SET
                latest_event_start = (SELECT max(o.event_start) \(live)),
                latest_outcome_id = (SELECT o.id \(live) ORDER BY o.event_start DESC, o.id DESC LIMIT 1),
                previous_event_start = (SELECT max(o.event_start) \(live)
                    AND o.event_start < (SELECT max(o2.event_start) FROM care_outcome o2
                        WHERE o2.task_id = \(task) AND o2.deleted_at IS NULL))
            WHERE task_id = \(task);

            """
    }

    /// The statement that adds `delta` to the day count of the outcome row `row` (`NEW`, `OLD`) when it is live.
    static func count(_ row: String, _ delta: Int) -> String {
        """
        INSERT INTO study_day_outcome (study_task, day, completed)
            SELECT t.study_task, substr(\(row).event_start, 1, 10), \(delta) FROM participant_task t
            WHERE t.task_id = \(row).task_id AND \(row).deleted_at IS NULL
            ON CONFLICT (study_task, day) DO UPDATE SET completed = study_day_outcome.completed + excluded.completed;

        """
    }

    static func createTables(text: String, flag: String) -> String {
        """
        CREATE TABLE participant_task (
            task_id \(text) PRIMARY KEY NOT NULL,
            participant_id \(text) NOT NULL,
            study_task \(text) NOT NULL,
            start_day \(text) NOT NULL,
            current_version_id \(text) NOT NULL,
            current_effective_day \(text) NOT NULL,
            current_is_deleted \(flag) NOT NULL,
            latest_event_start \(text),
            latest_outcome_id \(text),
            previous_event_start \(text)
        );
        CREATE INDEX participant_task_study ON participant_task (study_task, participant_id);
        CREATE TABLE study_day_outcome (
            study_task \(text) NOT NULL,
            day \(text) NOT NULL,
            completed bigint NOT NULL,
            PRIMARY KEY (study_task, day)
        );

        """
    }

    /// The rows of the records already stored (for a database made before the aggregates), as
    /// `console-002-aggregates` landed; later backfills are statements written for the whole table.
    static let backfill = """
        \(refreshTask("v.task_id").replacingOccurrences(of: "WHERE v.task_id = v.task_id AND", with: "WHERE"))
        \(refreshOutcomes("participant_task.task_id"))
        INSERT INTO study_day_outcome (study_task, day, completed)
            SELECT t.study_task, substr(o.event_start, 1, 10), count(*) FROM care_outcome o
            JOIN participant_task t ON t.task_id = o.task_id WHERE o.deleted_at IS NULL
            GROUP BY t.study_task, substr(o.event_start, 1, 10);

        """

    static let sqliteTriggers = """
        CREATE TRIGGER console_task_insert AFTER INSERT ON care_task_version BEGIN
        \(refreshTask("NEW.task_id"))END;
        CREATE TRIGGER console_task_update AFTER UPDATE ON care_task_version BEGIN
        \(refreshTask("OLD.task_id"))\(refreshTask("NEW.task_id"))END;
        CREATE TRIGGER console_task_delete AFTER DELETE ON care_task_version BEGIN
        \(refreshTask("OLD.task_id"))END;
        CREATE TRIGGER console_outcome_insert AFTER INSERT ON care_outcome BEGIN
        \(refreshOutcomes("NEW.task_id"))\(count("NEW", 1))END;
        CREATE TRIGGER console_outcome_update AFTER UPDATE ON care_outcome BEGIN
        \(refreshOutcomes("OLD.task_id"))\(refreshOutcomes("NEW.task_id"))\(count("OLD", -1))\(count("NEW", 1))END;
        CREATE TRIGGER console_outcome_delete AFTER DELETE ON care_outcome BEGIN
        \(refreshOutcomes("OLD.task_id"))\(count("OLD", -1))END;

        """

    static let postgresTriggers = """
        CREATE FUNCTION console_task() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
        IF TG_OP <> 'INSERT' THEN
        \(refreshTask("OLD.task_id"))END IF;
        IF TG_OP <> 'DELETE' THEN
        \(refreshTask("NEW.task_id"))END IF;
        RETURN NULL;
        END $$;
        CREATE TRIGGER console_task AFTER INSERT OR UPDATE OR DELETE ON care_task_version
            FOR EACH ROW EXECUTE FUNCTION console_task();
        CREATE FUNCTION console_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
        IF TG_OP <> 'INSERT' THEN
        \(refreshOutcomes("OLD.task_id"))\(count("OLD", -1))END IF;
        IF TG_OP <> 'DELETE' THEN
        \(refreshOutcomes("NEW.task_id"))\(count("NEW", 1))END IF;
        RETURN NULL;
        END $$;
        CREATE TRIGGER console_outcome AFTER INSERT OR UPDATE OR DELETE ON care_outcome
            FOR EACH ROW EXECUTE FUNCTION console_outcome();

        """

    static let name = "console-002-aggregates"

    /// On SQLite (appended to ``RecoverSchema/migrations``); never edit one that has landed.
    static let migrations: [Migration] = [
        Migration(name: name, sql: createTables(text: "TEXT", flag: "INTEGER") + sqliteTriggers + backfill),
        sqliteValuesMigration, sqliteStateMigration,
    ]

    /// On PostgreSQL (appended to ``RecoverSchema/postgresMigrations``).
    static let postgresMigrations: [PostgresMigration] = [
        PostgresMigration(
            name: name, sql: createTables(text: "text COLLATE \"C\"", flag: "boolean") + postgresTriggers + backfill),
        postgresValuesMigration, postgresStateMigration,
    ]
}

extension ConsoleAggregates {
    /// Every way the kept aggregates differ from the same figures recomputed from the care records, as lines
    /// (`kept: …` or `records: …`); empty when they agree. For tests and for an operator's check.
    static func mismatches(in db: StoreConnection) throws -> [String] {
        func line(_ columns: [String]) -> String {
            columns.map { "coalesce(\($0), '-')" }.joined(separator: " || '|' || ")
        }
        let state = "CASE WHEN current_is_deleted THEN 'deleted' ELSE 'live' END"
        let owner = "CASE WHEN is_participant THEN 'participant' ELSE 'other' END"
        let account = "FROM account a WHERE a.id = p.patient_id AND a.role = 'participant'"
        let keptTasks = try db.query(
            """
            SELECT \(line(["task_id", "participant_id", "study_task", "start_day", "current_version_id",
                "current_effective_day", state, "latest_event_start", "latest_outcome_id", "previous_event_start",
                owner, "withdrawn_day"]))
                AS line FROM participant_task
            """)
        let live = "FROM care_outcome o WHERE o.task_id = v.task_id AND o.deleted_at IS NULL"
        let recomputedTasks = try db.query(
            """
            SELECT \(line(["v.task_id", "p.patient_id", "substr(v.task_id, length(p.patient_id) + 2)",
                "(SELECT substr(v0.effective_at, 1, 10) FROM care_task_version v0 WHERE v0.task_id = v.task_id AND v0.sequence = 0)",
                "v.version_id", "substr(v.effective_at, 1, 10)",
                "CASE WHEN v.is_deleted THEN 'deleted' ELSE 'live' END", "(SELECT max(o.event_start) \(live))",
                "(SELECT o.id \(live) ORDER BY o.event_start DESC, o.id DESC LIMIT 1)",
                "(SELECT max(o.event_start) \(live) AND o.event_start < (SELECT max(o2.event_start) FROM care_outcome o2 WHERE o2.task_id = v.task_id AND o2.deleted_at IS NULL))",
                "CASE WHEN EXISTS (SELECT 1 \(account)) THEN 'participant' ELSE 'other' END",
                "(SELECT \(ConsoleQueries.utcDay("a.withdrawn_at", in: db.dialect)) \(account))"]))
                AS line
            FROM care_task_version v JOIN care_plan p ON p.id = v.care_plan_id
            WHERE substr(v.task_id, 1, length(p.patient_id) + 1) = p.patient_id || '.'
                AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
            """)
        let keptDays = try db.query(
            "SELECT \(line(["study_task", "day", "CAST(completed AS text)"])) AS line FROM study_day_outcome WHERE completed <> 0"
        )
        let recomputedDays = try db.query(
            """
            SELECT \(line(["t.study_task", "substr(o.event_start, 1, 10)", "CAST(count(*) AS text)"])) AS line
            FROM care_outcome o JOIN participant_task t ON t.task_id = o.task_id WHERE o.deleted_at IS NULL
            GROUP BY t.study_task, substr(o.event_start, 1, 10)
            """)
        let values = ["task_id", "kind", "CAST(highest AS text)", "CAST(lowest AS text)"]
        let keptValues = try db.query("SELECT \(line(values)) AS line FROM participant_task_value")
        let recomputedValues = try db.query(
            """
            SELECT \(line(values)) AS line
            FROM (\(latestValues(where: "t.latest_outcome_id IS NOT NULL", in: db.dialect))) AS latest
            """)
        let kept = Set(try (keptTasks + keptDays + keptValues).map { try $0.string("line") })
        let recomputed = Set(try (recomputedTasks + recomputedDays + recomputedValues).map { try $0.string("line") })
        return kept.subtracting(recomputed).sorted().map { "kept: " + $0 }
            + recomputed.subtracting(kept).sorted().map { "records: " + $0 }
    }
}

extension StudyDatabase {
    /// How the console's aggregates differ from their care records (``ConsoleAggregates``); empty when they agree.
    public func consoleAggregateMismatches() throws -> [String] {
        try database.read { db in try ConsoleAggregates.mismatches(in: db) }
    }
}
