import Care
import Foundation
import Recover
import SQLite

/// The research console's read queries: aggregate SQL over accounts and the care store, so the console costs
/// a few queries whatever the number of participants (never one query per participant).
///
/// How participant data is linked (the study plan's shape, `ParticipantPlan` in Recover): a participant's
/// account id is the `patient_id` of their care plan; their care tasks carry that plan's id, the study task
/// (`onboarding`, `checkin`, `rangeOfMotionCheck`) as `groupIdentifier`, and the id
/// `<participant id>.<study task>`. Per-participant figures look tasks up by that id (an index lookup, no
/// JSON parsing), through ``taskID(_:of:)``; ``studyTask(_:)`` reads the group of a task row.
///
/// ```swift
/// let counts = try database.read { db in try ConsoleQueries.enrollment(in: db) }
/// ```
public enum ConsoleQueries {
    /// How many days the adherence figures look back.
    public static let adherenceWindowDays = 28

    /// The SQL expression naming the study task of the `care_task_version` row aliased `alias`.
    static func studyTask(_ alias: String, in dialect: StoreDialect) -> String {
        switch dialect {
        case .sqlite: "coalesce(json_extract(\(alias).json, '$.groupIdentifier'), \(alias).task_id)"
        case .postgres: "coalesce(\(alias).json ->> 'groupIdentifier', \(alias).task_id)"
        }
    }

    /// The larger of two SQL expressions (SQLite's two-argument `max`, PostgreSQL's `GREATEST`).
    static func greater(_ first: String, _ second: String, in dialect: StoreDialect) -> String {
        switch dialect {
        case .sqlite: "max(\(first), \(second))"
        case .postgres: "GREATEST(\(first), \(second))"
        }
    }

    /// The UTC calendar day (`YYYY-MM-DD`) of an instant column.
    static func utcDay(_ column: String, in dialect: StoreDialect) -> String {
        switch dialect {
        case .sqlite: "substr(\(column), 1, 10)"
        case .postgres: "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
        }
    }

    /// The SQL expression of the care task id of study task `studyTask` (a name from the study's definition,
    /// quoted as an SQL string) for the participant whose id is the SQL expression `participant`.
    static func taskID(_ studyTask: String, of participant: String) -> String {
        "(\(participant) || \(literal("." + studyTask)))"
    }

    /// `text` as an SQL string literal (quotes doubled), for names from the study's definition.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Synthetic (demo) participants have an address under the reserved `.invalid` top-level domain, which
    /// no person can own (RFC 2606).
    static let isSynthetic = "(a.email LIKE '%.invalid')"

    /// Joined, onboarded and withdrawn participants.
    public static func enrollment(in db: StoreConnection) throws -> EnrollmentCounts {
        let row = try db.queryOne(
            """
            SELECT count(*) AS joined, count(a.withdrawn_at) AS withdrawn,
                coalesce(sum(CASE WHEN \(onboarded) THEN 1 ELSE 0 END), 0) AS onboarded
            FROM account a WHERE a.role = 'participant'
            """)
        return EnrollmentCounts(
            joined: try row?.int("joined") ?? 0, onboarded: try row?.int("onboarded") ?? 0,
            withdrawn: try row?.int("withdrawn") ?? 0)
    }

    /// Whether participant `a` has a live onboarding outcome (SQL, correlated on `a.id`).
    static let onboarded = """
        EXISTS (SELECT 1 FROM care_outcome o
            WHERE o.task_id = \(taskID(StudyMonitoring.onboardingTask, of: "a.id")) AND o.deleted_at IS NULL)
        """

    /// One participant's summary, or nil when no participant has this id.
    public static func participant(id: String, today: LocalDate, in db: StoreConnection) throws
        -> ConsoleParticipant?
    {
        try db.queryOne(
            summarySQL(filter: "a.id = ?", order: "id", paged: false, in: db.dialect), windowArguments(today) + [id]
        )
        .map(summary)
    }

    /// One page of participants matching `query`, sorted, with the number of matches.
    public static func participants(
        _ query: ParticipantListQuery, today: LocalDate, in db: StoreConnection
    ) throws -> ParticipantListPage {
        var filter = "1 = 1"
        var arguments: [any StoreValue] = []
        if let search = query.search {
            // Addresses are stored lower-case, so LIKE matches alike on both databases (SQLite's ignores ASCII
            // case, PostgreSQL's does not).
            filter = "(a.email LIKE ? ESCAPE '\\' OR a.id LIKE ? ESCAPE '\\')"
            let escaped = search.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
            arguments += ["%" + escaped + "%", escaped + "%"]
        }
        let total =
            try db.queryOne(
                "SELECT count(*) AS total FROM account a WHERE a.role = 'participant' AND \(filter)", arguments)?
            .int("total") ?? 0
        let order =
            switch query.sort {
            case .joined: "joined_at DESC, id"
            case .lastActivity: "last_activity IS NULL, last_activity DESC, id"
            case .adherence:
                "due = 0, CAST(completed AS DOUBLE PRECISION) / (CASE WHEN due > 1 THEN due ELSE 1 END), joined_at DESC, id"
            }
        let rows = try db.query(
            summarySQL(filter: filter, order: order, paged: true, in: db.dialect),
            windowArguments(today) + arguments + [query.limit, query.offset])
        return ParticipantListPage(participants: try rows.map(summary), total: total)
    }

    private static func windowArguments(_ today: LocalDate) -> [any StoreValue] {
        let windowStart = today.addingDays(-adherenceWindowDays).description
        return [today.description, windowStart, windowStart, today.description]
    }

    /// The summary query. Arguments: today, window start, window start, today, the filter's, then limit and
    /// offset when paged. Check-ins count on the `adherenceWindowDays` days before today. Every task of
    /// participant `a` has an id between `a.id || '.'` and `a.id || '/'` ('/' follows '.'), so "all their
    /// outcomes" (last activity) is one index range, whatever study tasks the plan has.
    private static func summarySQL(filter: String, order: String, paged: Bool, in dialect: StoreDialect) -> String {
        let checkin = taskID(StudyMonitoring.adherenceTask, of: "a.id")
        let start = greater("substr(checkin_start, 1, 10)", "?", in: dialect)
        let days =
            switch dialect {
            case .sqlite: "CAST(julianday(?) - julianday(\(start)) AS INTEGER)"
            case .postgres: "(CAST(? AS date) - CAST(\(start) AS date))"
            }
        return """
            SELECT *,
                CASE WHEN checkin_start IS NULL THEN 0 ELSE \(greater("0", days, in: dialect)) END AS due
            FROM (
                SELECT a.id, a.email, a.created_at AS joined_at, a.time_zone, a.language, a.withdrawn_at,
                    \(isSynthetic) AS synthetic,
                    \(onboarded) AS onboarded,
                    (SELECT max(o.updated_at) FROM care_outcome o
                        WHERE o.task_id > (a.id || '.') AND o.task_id < (a.id || '/') AND o.deleted_at IS NULL)
                        AS last_activity,
                    (SELECT count(*) FROM care_outcome o WHERE o.task_id = \(checkin) AND o.deleted_at IS NULL
                        AND o.event_start >= ? AND o.event_start < ?) AS completed,
                    (SELECT v.effective_at FROM care_task_version v WHERE v.task_id = \(checkin) AND v.sequence = 0)
                        AS checkin_start
                FROM account a WHERE a.role = 'participant' AND \(filter)
            ) AS summary
            ORDER BY \(order)\(paged ? " LIMIT ? OFFSET ?" : "")
            """
    }

    private static func summary(_ row: StoreRow) throws -> ConsoleParticipant {
        ConsoleParticipant(
            id: try row.string("id"), email: try row.string("email"), joinedAt: try row.date("joined_at"),
            timeZone: try row["time_zone"], language: try row["language"], withdrawnAt: try row["withdrawn_at"],
            isOnboarded: try row.bool("onboarded"), lastActivityAt: try row["last_activity"],
            checkinsCompleted: try row.int("completed"), checkinsDue: min(try row.int("due"), adherenceWindowDays),
            isSynthetic: try row.bool("synthetic"))
    }
}
