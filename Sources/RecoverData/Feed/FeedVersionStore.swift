import Foundation
import Postgres
import SQLite

/// The feed's version counters (`feed_version`, one row per participant and one, ``sharedRow``, for what every
/// feed shows), kept by triggers on the tables the feed reads.
///
/// Triggers rather than calls in the stores: every write that changes a watched row bumps the counter in its
/// own transaction, whichever use case, console form, command or copy makes it, and a write added later
/// cannot forget to. A write that changes nothing the feed shows may bump it too; that costs one full page,
/// never a stale one.
enum FeedVersionStore {
    /// The row of what all participants' feeds share (no account id is `*`).
    static let sharedRow = "*"

    /// A table whose rows the feed shows, and the participant a row belongs to (`CHANGED` stands for the
    /// changed row: `NEW` or `OLD`); nil for a table every feed shares.
    struct Watched {
        let table: String
        let participant: String?
    }

    /// The tables the feed page reads, directly or through the participant's state.
    static let watched: [Watched] = [
        // Time zone (the days events fall on).
        Watched(table: "care_patient", participant: "CHANGED.id"),
        Watched(table: "care_plan", participant: "CHANGED.patient_id"),
        Watched(
            table: "care_contact", participant: "(SELECT patient_id FROM care_plan WHERE id = CHANGED.care_plan_id)"),
        // Tasks added on onboarding, by a study version, ended on withdrawal.
        Watched(
            table: "care_task_version",
            participant: "(SELECT patient_id FROM care_plan WHERE id = CHANGED.care_plan_id)"),
        // Answers saved, changed and deleted (tombstones).
        Watched(
            table: "care_outcome",
            participant: """
                (SELECT plan.patient_id FROM care_task_version AS task JOIN care_plan AS plan \
                ON plan.id = task.care_plan_id WHERE task.version_id = CHANGED.task_version_id)
                """),
        Watched(table: "outcome_correction", participant: "CHANGED.participant_id"),
        // "Continue" instead of "Start".
        Watched(table: "survey_draft", participant: "CHANGED.patient_id"),
        Watched(table: "survey_result", participant: "CHANGED.patient_id"),
        // Signing and withdrawal: the re-consent gate.
        Watched(table: "consent_record", participant: "CHANGED.patient_id"),
        // Language, time zone, withdrawal.
        Watched(table: "account", participant: "CHANGED.id"),
        // The health card shows until the first upload.
        Watched(table: "health_upload", participant: "CHANGED.participant_id"),
        Watched(table: "study_contact", participant: nil),
        Watched(table: "consent_document", participant: nil),
        Watched(table: "study_version", participant: nil),
    ]

    /// The counters of `participantID` and of what every feed shares, and the study version in force.
    static func version(participantID: String, in db: StoreConnection) throws -> FeedVersion {
        let row = try db.queryOne(
            """
            SELECT (SELECT version FROM feed_version WHERE participant_id = ?) AS participant,
            (SELECT version FROM feed_version WHERE participant_id = ?) AS shared,
            (SELECT max(version) FROM study_version) AS study
            """, [participantID, sharedRow])
        let participant: Int? = try row?["participant"]
        let shared: Int? = try row?["shared"]
        let study: Int? = try row?["study"]
        return FeedVersion(participant: participant ?? 0, study: study ?? 0, shared: shared ?? 0)
    }

    /// The participant id expression of `watched` for the row `row` (`NEW`, `OLD`), or the shared row.
    static func participant(_ watched: Watched, row: String) -> String {
        watched.participant.map { $0.replacingOccurrences(of: "CHANGED.", with: "\(row).") } ?? "'\(sharedRow)'"
    }

    /// The counter's table and its triggers on SQLite (appended to ``RecoverSchema/migrations``); never edit
    /// one that has landed.
    static let migrations: [Migration] = [
        Migration(name: "feed-001-feed-version", sql: createTable(text: "TEXT") + watched.map(sqliteTriggers).joined())
    ]

    /// The same on PostgreSQL (appended to ``RecoverSchema/postgresMigrations``).
    static let postgresMigrations: [PostgresMigration] = [
        PostgresMigration(
            name: migrations[0].name,
            sql: createTable(text: "text COLLATE \"C\"") + watched.map(postgresTrigger).joined())
    ]

    static func createTable(text: String) -> String {
        """
        -- How often what each participant's feed shows has changed ('*': what every feed shares), bumped by
        -- the triggers below in the transaction of the write; the feed page's ETag is made from it.
        CREATE TABLE feed_version (
            participant_id \(text) PRIMARY KEY NOT NULL,
            version bigint NOT NULL
        );

        """
    }

    /// The statement that bumps the counter of the participant `expression` names (none when it is NULL: a row
    /// of no participant's plan).
    static func bump(_ expression: String) -> String {
        """
        INSERT INTO feed_version (participant_id, version)
            SELECT owner, 1 FROM (SELECT \(expression) AS owner) AS bumped WHERE owner IS NOT NULL
            ON CONFLICT (participant_id) DO UPDATE SET version = feed_version.version + 1;
        """
    }

    /// SQLite's triggers of one watched table: after each insert, update and delete of a row.
    static func sqliteTriggers(_ watched: Watched) -> String {
        [("insert", "NEW"), ("update", "NEW"), ("delete", "OLD")].map { event, row in
            """
            CREATE TRIGGER feed_version_\(watched.table)_\(event) AFTER \(event.uppercased()) ON \(watched.table)
            BEGIN
            \(bump(participant(watched, row: row)))
            END;

            """
        }.joined()
    }

    /// PostgreSQL's trigger of one watched table and its function.
    static func postgresTrigger(_ watched: Watched) -> String {
        let function = "feed_version_\(watched.table)"
        return """
            CREATE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            IF TG_OP = 'DELETE' THEN
            \(bump(participant(watched, row: "OLD")))
            ELSE
            \(bump(participant(watched, row: "NEW")))
            END IF;
            RETURN NULL;
            END $$;
            CREATE TRIGGER \(function) AFTER INSERT OR UPDATE OR DELETE ON \(watched.table)
                FOR EACH ROW EXECUTE FUNCTION \(function)();

            """
    }
}

extension StudyDatabase {
    /// The version of what `participantID`'s feed shows, in one read (``FeedVersion``).
    public func feedVersion(participantID: String) throws -> FeedVersion {
        try database.read { db in try FeedVersionStore.version(participantID: participantID, in: db) }
    }
}
