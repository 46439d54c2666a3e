import Care
import Foundation
import SQLite

/// Versioned care tasks inside the caller's transaction.
extension SQLiteCareStore {
    /// Adds the first version of a task inside the caller's transaction.
    public static func addTask(_ task: CareTask, in db: DatabaseConnection) throws -> CareTask {
        if try db.queryOne("SELECT task_id FROM care_task_version WHERE task_id = ? LIMIT 1", [task.id]) != nil {
            throw CareStoreError.duplicateID(entity: "care task", id: task.id)
        }
        try CareTaskHistory.validateFirstVersion(task)
        try insertVersion(task, sequence: 0, in: db)
        return task
    }

    /// Appends a new version of a task inside the caller's transaction.
    public static func updateTask(_ task: CareTask, in db: DatabaseConnection) throws -> CareTask {
        guard var history = try history(taskID: task.id, in: db) else { throw CareStoreError.unknownTask(task.id) }
        var version = task
        version.isDeleted = false
        try history.append(version)
        try insertVersion(version, sequence: history.versions.count - 1, in: db)
        return version
    }

    /// Appends a tombstone version inside the caller's transaction.
    public static func deleteTask(
        id: String, effectiveFrom effectiveDate: LocalDateTime, versionID: String, in db: DatabaseConnection
    ) throws -> CareTask {
        guard var history = try history(taskID: id, in: db) else { throw CareStoreError.unknownTask(id) }
        let tombstone = history.tombstone(effectiveFrom: effectiveDate, versionID: versionID)
        try history.append(tombstone)
        try insertVersion(tombstone, sequence: history.versions.count - 1, in: db)
        return tombstone
    }

    /// The task versions a query selects, inside the caller's transaction; versions are decoded through `cache`.
    public static func tasks(
        _ query: CareTaskQuery, cache: CareRecordCache = .shared, in db: DatabaseConnection
    ) throws -> [CareTask] {
        query.select(from: try histories(taskIDs: query.ids, carePlanIDs: query.carePlanIDs, cache: cache, in: db))
    }

    /// Every version of task `taskID`, or nil when there is no such task; versions are decoded through `cache`.
    public static func history(
        taskID: String, cache: CareRecordCache = .shared, in db: DatabaseConnection
    ) throws -> CareTaskHistory? {
        try histories(taskIDs: [taskID], carePlanIDs: nil, cache: cache, in: db).first
    }

    /// The histories of the tasks with these ids, or with a version in these care plans (all when both are nil).
    ///
    /// Which versions there are always comes from this query in the caller's snapshot; `cache` only saves decoding
    /// a version's JSON again (see ``CareRecordCache``).
    static func histories(
        taskIDs: [String]?, carePlanIDs: [String]?, cache: CareRecordCache, in db: DatabaseConnection
    ) throws -> [CareTaskHistory] {
        let rows: [Row]
        let columns = "SELECT task_id, version_id, json FROM care_task_version"
        if let taskIDs {
            guard !taskIDs.isEmpty else { return [] }
            rows = try db.query(
                "\(columns) WHERE task_id IN (\(CareRecordCoding.placeholders(taskIDs.count))) ORDER BY task_id, sequence",
                taskIDs)
        } else if let carePlanIDs {
            guard !carePlanIDs.isEmpty else { return [] }
            rows = try db.query(
                """
                \(columns) WHERE task_id IN (SELECT task_id FROM care_task_version
                WHERE care_plan_id IN (\(CareRecordCoding.placeholders(carePlanIDs.count)))) ORDER BY task_id, sequence
                """, carePlanIDs)
        } else {
            rows = try db.query("\(columns) ORDER BY task_id, sequence")
        }
        var histories: [CareTaskHistory] = []
        var current: [CareTask] = []
        for row in rows {
            let task = try CareRecordCoding.task(row, cache: cache)
            if let last = current.last, last.id != task.id {
                if let history = CareTaskHistory(versions: current) { histories.append(history) }
                current = []
            }
            current.append(task)
        }
        if let history = CareTaskHistory(versions: current) { histories.append(history) }
        return histories
    }

    private static func insertVersion(_ task: CareTask, sequence: Int, in db: DatabaseConnection) throws {
        if try db.queryOne("SELECT version_id FROM care_task_version WHERE version_id = ?", [task.versionID]) != nil {
            throw CareStoreError.duplicateID(entity: "care task version", id: task.versionID)
        }
        let participant = try task.carePlanID.flatMap { try patientID(carePlanID: $0, in: db) }
        let row = RowReference(table: "care_task_version", keyColumn: "version_id", key: task.versionID)
        try db.recordingChange(task.isDeleted ? .delete : nil, of: row, owner: participant) {
            try db.execute(
                """
                INSERT INTO care_task_version (version_id, task_id, sequence, care_plan_id, effective_at, is_deleted,
                json) VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    task.versionID, task.id, sequence, task.carePlanID, task.effectiveDate.description, task.isDeleted,
                    try CareRecordCoding.json(task),
                ])
        }
    }
}
