import Care
import Foundation
import SQLite

/// JSON and row conversions of the care tables; the SQL stays in `SQLiteCareStore` (and in the study's
/// console queries, which read the care tables beside their own and decode rows with ``task(_:)`` and
/// ``outcome(_:)``).
public enum CareRecordCoding {
    static func json(_ value: some Encodable) throws -> String { try CareRecordJSON.encode(value) }

    /// The care task of a `care_task_version` row (`version_id`, `json`), decoded once per version (through
    /// ``CareRecordCache/shared``).
    public static func task(_ row: Row) throws -> CareTask { try task(row, cache: .shared) }

    /// The outcome of a `care_outcome` row (every column), its values decoded once per text (through
    /// ``CareRecordCache/shared``).
    public static func outcome(_ row: Row) throws -> Outcome { try outcome(row, cache: .shared) }

    static func task(_ row: Row, cache: CareRecordCache) throws -> CareTask {
        try cache.task(versionID: try row.string("version_id"), json: try row.string("json"))
    }

    static func outcome(_ row: Row, cache: CareRecordCache) throws -> Outcome {
        let id = try row.string("id")
        let values = try cache.outcomeValues(id: id, json: try row.string("values_json"))
        var outcome = Outcome(
            id: id, taskID: try row.string("task_id"), taskVersionID: try row.string("task_version_id"),
            occurrenceIndex: try row.int("occurrence"), values: values, createdDate: try row.date("created_at"))
        outcome.updatedDate = try row.date("updated_at")
        outcome.deletedDate = try row["deleted_at"]
        outcome.eventStart = LocalDateTime(try row.string("event_start"))
        return outcome
    }

    static func patient(_ row: Row) throws -> Patient {
        let birthDate: String? = try row["birth_date"]
        return Patient(
            id: try row.string("id"), name: try row.string("name"), birthDate: birthDate.flatMap(LocalDate.init),
            timeZoneIdentifier: try row.string("time_zone"))
    }

    static func carePlan(_ row: Row) throws -> CarePlan {
        CarePlan(id: try row.string("id"), title: try row.string("title"), patientID: try row["patient_id"])
    }

    static func contact(_ row: Row) throws -> Contact {
        Contact(
            id: try row.string("id"), name: try row.string("name"), role: try row.string("role"),
            phone: try row["phone"], email: try row["email"], carePlanID: try row["care_plan_id"])
    }

    /// `?, ?, ?` for an `IN (...)` list of `count` bound values.
    public static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
