import Care
import Foundation
import Postgres

/// Row conversions of the care tables on PostgreSQL; the SQL stays in `PostgresCareStore` (and in the queries of
/// other stores that read the care tables beside their own and decode rows with ``task(_:cache:)`` and
/// ``outcome(_:cache:)``).
public enum PostgresCareRecordCoding {
    /// The care task of a `care_task_version` row (`version_id`, `json`), decoded once per version through
    /// `cache`.
    public static func task(_ row: PostgresRow, cache: CareRecordCache = .shared) throws -> CareTask {
        try cache.task(versionID: try row.string("version_id"), json: try row.string("json"))
    }

    /// The outcome of a `care_outcome` row (every column), its values decoded once per text through `cache`.
    public static func outcome(_ row: PostgresRow, cache: CareRecordCache = .shared) throws -> Outcome {
        let id = try row.string("id")
        var outcome = Outcome(
            id: id, taskID: try row.string("task_id"), taskVersionID: try row.string("task_version_id"),
            occurrenceIndex: try row.int("occurrence"),
            values: try cache.outcomeValues(id: id, json: try row.string("values_json")),
            createdDate: try row.date("created_at"))
        outcome.updatedDate = try row.date("updated_at")
        outcome.deletedDate = try row["deleted_at"]
        outcome.eventStart = LocalDateTime(try row.string("event_start"))
        return outcome
    }

    static func patient(_ row: PostgresRow) throws -> Patient {
        let birthDate: String? = try row["birth_date"]
        return Patient(
            id: try row.string("id"), name: try row.string("name"), birthDate: birthDate.flatMap(LocalDate.init),
            timeZoneIdentifier: try row.string("time_zone"))
    }

    static func carePlan(_ row: PostgresRow) throws -> CarePlan {
        CarePlan(id: try row.string("id"), title: try row.string("title"), patientID: try row["patient_id"])
    }

    static func contact(_ row: PostgresRow) throws -> Contact {
        Contact(
            id: try row.string("id"), name: try row.string("name"), role: try row.string("role"),
            phone: try row["phone"], email: try row["email"], carePlanID: try row["care_plan_id"])
    }
}
