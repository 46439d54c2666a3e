import Care
import Foundation
import Postgres
import RowChanges

/// The statements of versioned care tasks; their rules are `TransactionalCareStore`'s.
extension PostgresCareStore {
    /// The histories of the tasks with these ids, or with a version in these care plans (all when both are nil),
    /// by task id; an empty list selects none.
    public static func histories(
        taskIDs: [String]?, carePlanIDs: [String]?, cache: CareRecordCache, in db: PostgresConnection
    ) throws -> [CareTaskHistory] {
        var arguments = StatementArguments()
        let filter: String
        if let taskIDs {
            guard !taskIDs.isEmpty else { return [] }
            filter = "WHERE task_id IN \(try arguments.list(taskIDs))"
        } else if let carePlanIDs {
            guard !carePlanIDs.isEmpty else { return [] }
            let plans = try arguments.list(carePlanIDs)
            filter = "WHERE task_id IN (SELECT task_id FROM care_task_version WHERE care_plan_id IN \(plans))"
        } else {
            filter = ""
        }
        let rows = try db.query(
            "SELECT task_id, version_id, json FROM care_task_version \(filter) ORDER BY task_id, sequence",
            arguments.values)
        return CareTaskHistory.histories(
            fromVersionsInOrder: try rows.map { try PostgresCareRecordCoding.task($0, cache: cache) })
    }

    /// Inserts a checked task version and records the change for the participant who owns its care plan;
    /// `duplicateID` when its version id is taken.
    public static func insertVersion(_ checked: CheckedTaskVersion, in db: PostgresConnection) throws {
        let task = checked.version
        if try db.queryOne("SELECT version_id FROM care_task_version WHERE version_id = $1", [task.versionID]) != nil {
            throw CareStoreError.duplicateID(entity: "care task version", id: task.versionID)
        }
        let participant = try task.carePlanID.flatMap { try patientID(carePlanID: $0, in: db) }
        let row = RowReference(table: "care_task_version", keyColumn: "version_id", key: task.versionID)
        try db.recordingChange(task.isDeleted ? .delete : nil, of: row, owner: participant) {
            try db.execute(
                """
                INSERT INTO care_task_version (version_id, task_id, sequence, care_plan_id, effective_at, is_deleted,
                json) VALUES ($1, $2, $3, $4, $5, $6, $7)
                """,
                [
                    task.versionID, task.id, checked.sequence, task.carePlanID, task.effectiveDate.description,
                    task.isDeleted,
                    try CareRecordJSON.encode(task),
                ])
        }
    }
}
