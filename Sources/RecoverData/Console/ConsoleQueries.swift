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
        "coalesce(\(dialect.jsonString("\(alias).json", at: "groupIdentifier")), \(alias).task_id)"
    }

    /// The SQL expression of the care task id of study task `studyTask` (a name from the study's definition,
    /// quoted as an SQL string) for the participant whose id is the SQL expression `participant`.
    static func taskID(_ studyTask: String, of participant: String) -> String {
        "(\(participant) || \(literal("." + studyTask)))"
    }

    /// The study's daily task (the check-in), as the version in force names it (`monitoring.dailyTask`); a study
    /// without one gives a name no task has, so its counts are zero.
    static func dailyTask(in db: StoreConnection) throws -> String {
        try StudyVersionStore.inForce(in: db).monitoring.dailyTask ?? ""
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
        EXISTS (SELECT 1 FROM participant_task ot
            WHERE ot.task_id = \(taskID(StudyTaskID.onboarding, of: "a.id")) AND ot.latest_event_start IS NOT NULL)
        """

    /// One participant's summary, or nil when no participant has this id.
    public static func participant(id: String, today: LocalDate, in db: StoreConnection) throws
        -> ConsoleParticipant?
    {
        try db.queryOne(
            summarySQL(
                filter: "a.id = ?", order: "id", paged: false, today: today, unsigned: try unsignedConsents(in: db),
                dailyTask: try dailyTask(in: db), in: db.dialect), windowArguments(today) + [id]
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
        let direction = query.direction.sql
        let order =
            switch query.sort {
            case .email: "email \(direction), id"
            case .joined: "joined_at \(direction), id"
            case .consent: "unsigned_required \(direction), joined_at DESC, id"
            case .lastActivity: "last_activity IS NULL, last_activity \(direction), id"
            case .adherence:
                """
                due = 0, CAST(completed AS DOUBLE PRECISION) / (CASE WHEN due > 1 THEN due ELSE 1 END) \(direction),
                joined_at DESC, id
                """
            }
        let rows = try db.query(
            summarySQL(
                filter: filter, order: order, paged: true, today: today, unsigned: try unsignedConsents(in: db),
                dailyTask: try dailyTask(in: db), in: db.dialect),
            windowArguments(today) + arguments + [query.limit, query.offset])
        var participants = try rows.map(summary)
        let figures = try taskAdherence(of: participants, today: today, in: db)
        for index in participants.indices { participants[index].tasks = figures[participants[index].id] ?? [:] }
        return ParticipantListPage(participants: participants, total: total)
    }

    /// The SQL expression of how many current required consent documents participant `a` has not signed:
    /// per document, whether none of their records holds one of its current texts (SHA-256 hex digests,
    /// checked before they are written into the SQL).
    static func unsignedConsents(in db: StoreConnection) throws -> String {
        let documents = try ConsentLibrary.current(in: db).filter(\.isRequired).map { document in
            document.texts.values.map(\.sha256).filter { hash in
                hash.utf8.count == 64
                    && hash.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            }.sorted()
        }.filter { !$0.isEmpty }
        guard !documents.isEmpty else { return "0" }
        return documents.map { hashes in
            """
            (CASE WHEN EXISTS (SELECT 1 FROM consent_record c WHERE c.patient_id = a.id
                AND c.document_sha256 IN (\(hashes.map(literal).joined(separator: ", ")))) THEN 0 ELSE 1 END)
            """
        }.joined(separator: " + ")
    }

    /// The study tasks besides the check-in whose adherence the participant list shows.
    public static let listedTasks = [StudyTaskID.rangeOfMotionCheck, StudyTaskID.weeklyDiary]

    /// Done and due events of ``listedTasks`` for `participants` (one page of the list) in the adherence
    /// window: two queries for the page, the schedules expanded in Swift. Due counts the window's days before
    /// today, and today's events that are done; a withdrawn participant's count stops on the day they withdrew.
    public static func taskAdherence(
        of participants: [ConsoleParticipant], today: LocalDate, in db: StoreConnection
    ) throws -> [String: [String: ConsoleParticipant.TaskAdherence]] {
        guard !participants.isEmpty else { return [:] }
        let first = today.addingDays(-adherenceWindowDays)
        var owners: [String: (participant: ConsoleParticipant, task: String)] = [:]
        for participant in participants {
            for task in listedTasks { owners[participant.id + "." + task] = (participant, task) }
        }
        let ids = owners.keys.sorted()
        let utc = TimeZone(identifier: "UTC") ?? TimeZone.current
        var result: [String: [String: ConsoleParticipant.TaskAdherence]] = [:]
        var doneToday: [String: Int] = [:]
        var done: [String: Int] = [:]
        for row in try db.query(
            """
            SELECT task_id, count(*) AS done,
                sum(CASE WHEN event_start >= ? THEN 1 ELSE 0 END) AS today
            FROM care_outcome WHERE task_id IN (\(StoreConnection.placeholders(ids.count))) AND deleted_at IS NULL
                AND event_start >= ? AND event_start < ?
            GROUP BY task_id
            """, [today.description] + ids + [first.description, today.addingDays(1).description])
        {
            done[try row.string("task_id")] = try row.int("done")
            doneToday[try row.string("task_id")] = try row.int("today")
        }
        for row in try db.query(
            """
            SELECT v.version_id, v.task_id, v.json FROM care_task_version v
            WHERE v.task_id IN (\(StoreConnection.placeholders(ids.count))) AND NOT v.is_deleted
                AND v.sequence = (SELECT max(v2.sequence) FROM care_task_version v2 WHERE v2.task_id = v.task_id)
            """, ids)
        {
            let taskID = try row.string("task_id")
            guard let owner = owners[taskID] else { continue }
            let task = try CareOnConnection.task(row)
            let withdrawnDay = owner.participant.withdrawnAt.map { LocalDateTime(instant: $0, in: utc).date }
            let due = task.schedule.events(from: first, through: today.addingDays(-1), in: utc).filter { event in
                withdrawnDay.map { event.day < $0 } ?? true
            }.count
            result[owner.participant.id, default: [:]][owner.task] = ConsoleParticipant.TaskAdherence(
                done: done[taskID] ?? 0, due: due + (doneToday[taskID] ?? 0))
        }
        return result
    }

    private static func windowArguments(_ today: LocalDate) -> [any StoreValue] {
        let windowStart = today.addingDays(-adherenceWindowDays).description
        return [today.description, windowStart, windowStart, today.description]
    }

    /// The summary query. Arguments: today, window start, window start, today, the filter's, then limit and
    /// offset when paged. Check-ins count on the `adherenceWindowDays` days before today. Every task of
    /// participant `a` has an id between `a.id || '.'` and `a.id || '/'` ('/' follows '.'), so "all their
    /// outcomes" (last activity) is one index range, whatever study tasks the plan has.
    private static func summarySQL(
        filter: String, order: String, paged: Bool, today: LocalDate, unsigned: String, dailyTask: String,
        in dialect: StoreDialect
    ) -> String {
        let checkin = taskID(dailyTask, of: "a.id")
        let start = dialect.greatest("substr(checkin_start, 1, 10)", "?")
        let days = dialect.days(from: start, to: "?")
        return """
            SELECT *,
                CASE WHEN checkin_start IS NULL THEN 0 ELSE \(dialect.greatest("0", days)) END AS due
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
                        AS checkin_start,
                    EXISTS (SELECT 1 FROM care_outcome o WHERE o.task_id = \(checkin) AND o.deleted_at IS NULL
                        AND o.event_start >= \(literal(today.description))
                        AND o.event_start < \(literal(today.addingDays(1).description))) AS checkin_today,
                    \(unsigned) AS unsigned_required
                FROM account a WHERE a.role = 'participant' AND \(filter)
            ) AS summary
            ORDER BY \(order)\(paged ? " LIMIT ? OFFSET ?" : "")
            """
    }

    private static func summary(_ row: StoreRow) throws -> ConsoleParticipant {
        var participant = ConsoleParticipant(
            id: try row.string("id"), email: try row.string("email"), joinedAt: try row.date("joined_at"),
            timeZone: try row["time_zone"], language: try row["language"], withdrawnAt: try row["withdrawn_at"],
            isOnboarded: try row.bool("onboarded"), lastActivityAt: try row["last_activity"],
            checkinsCompleted: try row.int("completed"), checkinsDue: min(try row.int("due"), adherenceWindowDays),
            isSynthetic: try row.bool("synthetic"))
        participant.unsignedRequiredConsents = try row.int("unsigned_required")
        participant.checkedInToday = try row.bool("checkin_today")
        return participant
    }
}
