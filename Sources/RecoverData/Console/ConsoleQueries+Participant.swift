import Care
import CareSQLite
import Foundation
import SQLite

/// One participant's care data for the console's participant page.
extension ConsoleQueries {
    /// An outcome with the study task it belongs to (`checkin`, `rangeOfMotionCheck`, ...).
    public struct TaskOutcome: Hashable, Sendable {
        /// The study task (see ``studyTask(_:)``).
        public var studyTask: String
        /// The outcome.
        public var outcome: Outcome
    }

    /// The live outcomes of participant `participantID`'s care plans, oldest event first. Only this
    /// participant's: the query starts from their care plans.
    public static func outcomes(participantID: String, in db: StoreConnection) throws -> [TaskOutcome] {
        try db.query(
            """
            SELECT o.*, \(studyTask("v", in: db.dialect)) AS study_task
            FROM care_plan p JOIN care_task_version v ON v.care_plan_id = p.id
            JOIN care_outcome o ON o.task_version_id = v.version_id AND o.deleted_at IS NULL
            WHERE p.patient_id = ?
            ORDER BY o.event_start, o.task_id
            """, [participantID]
        ).map { row in
            TaskOutcome(studyTask: try row.string("study_task"), outcome: try CareOnConnection.outcome(row))
        }
    }
}
