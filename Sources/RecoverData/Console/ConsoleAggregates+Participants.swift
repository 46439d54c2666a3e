import Postgres
import SQLite

/// Migration `console-004-participant-state`: each `participant_task` row carries whether its participant's
/// account is a participant's (`is_participant`) and the UTC day they withdrew (`withdrawn_day`), kept by
/// triggers on `account` and on the row's own insert, so study adherence groups the tasks from one covering index
/// instead of joining every task to its account (docs/storage.md, "The console's aggregates").
extension ConsoleAggregates {
    /// The statement that copies the account state into the `participant_task` rows `filter` (SQL) selects.
    static func refreshState(where filter: String, in dialect: StoreDialect) -> String {
        let account = "FROM account a WHERE a.id = participant_task.participant_id AND a.role = 'participant'"
        return """
            UPDATE participant_task SET is_participant = EXISTS (SELECT 1 \(account)),
                withdrawn_day = (SELECT \(ConsoleQueries.utcDay("a.withdrawn_at", in: dialect)) \(account))
            WHERE \(filter);

            """
    }

    static func stateColumnsAndIndexes(text: String, flag: String, no: String) -> String {
        """
        ALTER TABLE participant_task ADD COLUMN is_participant \(flag) NOT NULL DEFAULT \(no);
        ALTER TABLE participant_task ADD COLUMN withdrawn_day \(text);
        CREATE INDEX participant_task_participant ON participant_task (participant_id);
        CREATE INDEX participant_task_cohort
            ON participant_task (study_task, current_effective_day, withdrawn_day, current_version_id)
            WHERE is_participant AND NOT current_is_deleted;

        """
    }

    static let stateName = "console-004-participant-state"

    static let sqliteStateMigration = Migration(
        name: stateName,
        sql: stateColumnsAndIndexes(text: "TEXT", flag: "INTEGER", no: "0")
            + """
            CREATE TRIGGER console_account_insert AFTER INSERT ON account BEGIN
            \(refreshState(where: "participant_id = NEW.id", in: .sqlite))END;
            CREATE TRIGGER console_account_update AFTER UPDATE OF id, role, withdrawn_at ON account BEGIN
            \(refreshState(where: "participant_id = OLD.id", in: .sqlite))\
            \(refreshState(where: "participant_id = NEW.id AND NEW.id <> OLD.id", in: .sqlite))END;
            CREATE TRIGGER console_account_delete AFTER DELETE ON account BEGIN
            \(refreshState(where: "participant_id = OLD.id", in: .sqlite))END;
            CREATE TRIGGER console_participant_task_insert AFTER INSERT ON participant_task BEGIN
            \(refreshState(where: "task_id = NEW.task_id", in: .sqlite))END;
            CREATE TRIGGER console_participant_task_owner AFTER UPDATE OF participant_id ON participant_task BEGIN
            \(refreshState(where: "task_id = NEW.task_id", in: .sqlite))END;
            \(refreshState(where: "1 = 1", in: .sqlite))
            """)

    static let postgresStateMigration = PostgresMigration(
        name: stateName,
        sql: stateColumnsAndIndexes(text: "text COLLATE \"C\"", flag: "boolean", no: "false")
            + """
            CREATE FUNCTION console_account() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            IF TG_OP <> 'INSERT' THEN
            \(refreshState(where: "participant_id = OLD.id", in: .postgres))END IF;
            IF TG_OP = 'INSERT' THEN
            \(refreshState(where: "participant_id = NEW.id", in: .postgres))\
            ELSIF TG_OP = 'UPDATE' AND NEW.id <> OLD.id THEN
            \(refreshState(where: "participant_id = NEW.id", in: .postgres))END IF;
            RETURN NULL;
            END $$;
            CREATE TRIGGER console_account AFTER INSERT OR DELETE OR UPDATE OF id, role, withdrawn_at ON account
                FOR EACH ROW EXECUTE FUNCTION console_account();
            CREATE FUNCTION console_participant_task() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            \(refreshState(where: "task_id = NEW.task_id", in: .postgres))RETURN NULL;
            END $$;
            CREATE TRIGGER console_participant_task AFTER INSERT OR UPDATE OF participant_id ON participant_task
                FOR EACH ROW EXECUTE FUNCTION console_participant_task();
            \(refreshState(where: "1 = 1", in: .postgres))
            """)
}
