import Care
import Foundation
import RowChanges
import SQLite

/// The statements of versioned care tasks; their rules are `TransactionalCareStore`'s.
extension SQLiteCareStore {
    /// The histories of the tasks with these ids, or with a version in these care plans (all when both are nil),
    /// by task id; an empty list selects none.
    public static func histories(
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
        return CareTaskHistory.histories(
            fromVersionsInOrder: try rows.map { try CareRecordCoding.task($0, cache: cache) })
    }

    /// Inserts a checked task version and records the change for the participant who owns its care plan;
    /// `duplicateID` when its version id is taken.
    public static func insertVersion(_ checked: CheckedTaskVersion, in db: DatabaseConnection) throws {
        let task = checked.version
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
                    task.versionID, task.id, checked.sequence, task.carePlanID, task.effectiveDate.description,
                    task.isDeleted,
                    try CareRecordCoding.json(task),
                ])
        }
    }
}
