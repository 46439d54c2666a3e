import Care
import CareSQLite
import Foundation
import Recover
import SQLite

/// The dashboard's alerts and study adherence.
extension ConsoleQueries {
    /// Participants still in the study whose latest answer raises one of the study's alert rules
    /// (`monitoring.alerts`, such as a pain score of 8 or more on the check-in), and those onboarded who recorded
    /// no daily task on any of the `monitoring.missedDays` days before `today` (while the task ran on all of them).
    /// One aggregate query per rule, never one per participant.
    public static func alerts(today: LocalDate, in db: StoreConnection) throws -> [ConsoleAlert] {
        let monitoring = try StudyVersionStore.inForce(in: db).monitoring
        var alerts: [ConsoleAlert] = []
        for rule in monitoring.alerts { alerts += try self.alerts(raisedBy: rule, in: db) }
        if let daily = monitoring.dailyTask {
            let days = monitoring.missedDays
            alerts += try participants(without: daily, from: today.addingDays(-days), before: today, in: db).map {
                ConsoleAlert(participantID: $0.id, email: $0.email, reason: .missedDailyTask(days: days))
            }
        }
        return alerts
    }

    /// Participants still in the study whose latest live outcome of `rule.task` has a value of `rule.kind` that
    /// raises the rule, the most extreme first: an index range of the kept values (``ConsoleAggregates``), so
    /// only the participants past the threshold are read.
    public static func alerts(raisedBy rule: StudyAlertRule, in db: StoreConnection) throws -> [ConsoleAlert] {
        let (column, comparison, order) =
            rule.direction == .atLeast ? ("highest", ">=", "DESC") : ("lowest", "<=", "ASC")
        // CROSS JOIN keeps SQLite's join order: the value index first, then one row of each participant.
        let rows = try db.query(
            """
            SELECT a.id, a.email, t.latest_event_start AS event_start, v.\(column) AS score
            FROM participant_task_value v CROSS JOIN participant_task t CROSS JOIN account a
            WHERE v.kind = ? AND v.\(column) \(comparison) ? AND t.task_id = v.task_id AND t.study_task = ?
                AND a.id = t.participant_id AND a.role = 'participant' AND a.withdrawn_at IS NULL
            ORDER BY score \(order), event_start DESC, a.id
            """, [rule.kind, rule.threshold, rule.task])
        return try rows.map { row in
            ConsoleAlert(
                participantID: try row.string("id"), email: try row.string("email"),
                reason: .answer(
                    rule: rule.id, value: try row.double("score"), on: try row.string("event_start"),
                    messages: rule.message))
        }
    }

    /// Onboarded participants still in the study whose task `studyTask` ran from `first` on and who have no
    /// outcome of it for an event on `first` up to (not including) `end`, oldest accounts first.
    static func participants(
        without studyTask: String, from first: LocalDate, before end: LocalDate, in db: StoreConnection
    ) throws -> [(id: String, email: String)] {
        // The latest and the one before it are enough unless both fall on or after `end` (a rare case, probed).
        func inWindow(_ column: String) -> String { "\(column) >= ? AND \(column) < ?" }
        let window: [any StoreValue] = [first.description, end.description]
        // Read from the index: the tasks whose latest two days can leave the window empty (no outcome, the
        // latest before it, or the latest after it and the one before not in it), a superset the full test below
        // narrows; CROSS JOIN keeps SQLite from starting with every task of the study.
        let candidates = [
            "c.latest_event_start IS NULL", "c.latest_event_start < ?", "c.previous_event_start IS NULL",
            "c.previous_event_start < ?", "c.previous_event_start >= ?",
        ].map { "SELECT c.task_id FROM participant_task c WHERE c.study_task = ? AND \($0)" }
        let bounds: [any StoreValue] = [
            studyTask, studyTask, first.description, studyTask, studyTask, first.description, studyTask,
            end.description,
        ]
        return try db.query(
            """
            SELECT a.id, a.email
            FROM (\(candidates.joined(separator: " UNION "))) AS candidate
                CROSS JOIN participant_task t CROSS JOIN account a
            WHERE t.task_id = candidate.task_id AND a.id = t.participant_id
                AND a.role = 'participant' AND a.withdrawn_at IS NULL AND t.start_day <= ?
                AND \(onboarded)
                AND ((\(inWindow("t.latest_event_start")))
                    OR (t.latest_event_start >= ? AND \(inWindow("t.previous_event_start")))
                    OR (t.previous_event_start >= ? AND EXISTS (SELECT 1 FROM care_outcome o
                        WHERE o.task_id = t.task_id AND o.deleted_at IS NULL AND \(inWindow("o.event_start"))))) IS NOT TRUE
            ORDER BY a.created_at, a.id
            """,
            bounds + [first.description] + window + [end.description] + window + [end.description] + window
        ).map { (try $0.string("id"), try $0.string("email")) }
    }

    /// Study adherence on each of the `days` local days ending with `today`: events of adherence-counting
    /// tasks due across participants (until the day they withdrew) and how many have an outcome.
    ///
    /// Three aggregate queries and no JSON per participant: current task versions grouped by study task,
    /// start day and withdrawal day (participants who began a task on the same day share its schedule), one
    /// sample task of each group decoded and expanded in Swift, and completed outcomes counted per day.
    public static func adherence(
        days: Int = adherenceWindowDays, today: LocalDate, in db: StoreConnection
    ) throws -> [StudyAdherenceDay] {
        let first = today.addingDays(1 - max(days, 1))
        // Each task row carries its account's state (``ConsoleAggregates``), so the groups come from one covering
        // index without a join.
        let groups = try db.query(
            """
            SELECT t.study_task, t.current_effective_day AS start_day, t.withdrawn_day, count(*) AS tasks,
                min(t.current_version_id) AS sample
            FROM participant_task t WHERE t.is_participant AND NOT t.current_is_deleted
            GROUP BY t.study_task, t.current_effective_day, t.withdrawn_day
            """)
        let samples = Set(try groups.map { try $0.string("sample") })
        var tasks: [String: CareTask] = [:]
        // No groups, no query: PostgreSQL refuses an empty `IN ()`.
        for row in samples.isEmpty
            ? []
            : try db.query(
                "SELECT version_id, json FROM care_task_version WHERE version_id IN (\(StoreConnection.placeholders(samples.count)))",
                Array(samples))
        {
            tasks[try row.string("version_id")] = try CareOnConnection.task(row)
        }
        let utc = TimeZone(identifier: "UTC") ?? TimeZone.current
        var due: [LocalDate: Int] = [:]
        var counted: Set<String> = []
        for group in groups {
            guard let task = tasks[try group.string("sample")], task.impactsAdherence else { continue }
            counted.insert(try group.string("study_task"))
            let withdrawnDay = (try group["withdrawn_day"] as String?).flatMap(LocalDate.init)
            let count = try group.int("tasks")
            for event in task.schedule.events(from: first, through: today, in: utc) {
                if let withdrawnDay, event.day >= withdrawnDay { continue }
                due[event.day, default: 0] += count
            }
        }
        var completed: [LocalDate: Int] = [:]
        if !counted.isEmpty {
            let studyTasks = counted.sorted()
            let rows = try db.query(
                """
                SELECT day, CAST(sum(completed) AS bigint) AS completed FROM study_day_outcome
                WHERE day >= ? AND day < ? AND study_task IN (\(StoreConnection.placeholders(studyTasks.count)))
                GROUP BY day
                """, [first.description, today.addingDays(1).description] + studyTasks)
            for row in rows {
                if let day = LocalDate(try row.string("day")) { completed[day] = try row.int("completed") }
            }
        }
        return (0..<max(days, 1)).map { offset in
            let day = first.addingDays(offset)
            return StudyAdherenceDay(day: day, due: due[day] ?? 0, completed: completed[day] ?? 0)
        }
    }
}
