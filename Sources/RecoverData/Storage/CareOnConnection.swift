import Care
import CarePostgres
import CareSQLite
import Foundation
import Postgres
import SQLite

/// The care store's operations inside a ``StoreConnection``'s transaction, on whichever database it is
/// (`SQLiteCareStore` or `PostgresCareStore`, the same `TransactionalCareStore` logic).
public struct CareOnConnection {
    let native: StoreConnection.Native

    private func on<T>(
        _ sqlite: (DatabaseConnection) throws -> T, _ postgres: (PostgresConnection) throws -> T
    ) throws -> T {
        switch native {
        case .sqlite(let db): try sqlite(db)
        case .postgres(let db): try postgres(db)
        }
    }

    /// Adds a patient.
    public func addPatient(_ patient: Patient) throws -> Patient {
        try on(
            { try SQLiteCareStore.addPatient(patient, in: $0) }, { try PostgresCareStore.addPatient(patient, in: $0) })
    }

    /// Replaces a patient's details.
    public func updatePatient(_ patient: Patient) throws -> Patient {
        try on(
            { try SQLiteCareStore.updatePatient(patient, in: $0) },
            { try PostgresCareStore.updatePatient(patient, in: $0) })
    }

    /// The patient with `id`.
    public func patient(id: String) throws -> Patient? {
        try on({ try SQLiteCareStore.patient(id: id, in: $0) }, { try PostgresCareStore.patient(id: id, in: $0) })
    }

    /// Adds a care plan.
    public func addCarePlan(_ plan: CarePlan) throws -> CarePlan {
        try on({ try SQLiteCareStore.addCarePlan(plan, in: $0) }, { try PostgresCareStore.addCarePlan(plan, in: $0) })
    }

    /// The care plans of a patient (all when nil), by id.
    public func carePlans(patientID: String?) throws -> [CarePlan] {
        try on(
            { try SQLiteCareStore.carePlans(patientID: patientID, in: $0) },
            { try PostgresCareStore.carePlans(patientID: patientID, in: $0) })
    }

    /// Adds the first version of a task.
    public func addTask(_ task: CareTask) throws -> CareTask {
        try on({ try SQLiteCareStore.addTask(task, in: $0) }, { try PostgresCareStore.addTask(task, in: $0) })
    }

    /// Appends a version of a task.
    public func updateTask(_ task: CareTask) throws -> CareTask {
        try on({ try SQLiteCareStore.updateTask(task, in: $0) }, { try PostgresCareStore.updateTask(task, in: $0) })
    }

    /// Appends a tombstone version of a task.
    public func deleteTask(id: String, effectiveFrom date: LocalDateTime, versionID: String) throws -> CareTask {
        try on(
            { try SQLiteCareStore.deleteTask(id: id, effectiveFrom: date, versionID: versionID, in: $0) },
            { try PostgresCareStore.deleteTask(id: id, effectiveFrom: date, versionID: versionID, in: $0) })
    }

    /// The task versions a query selects.
    public func tasks(_ query: CareTaskQuery) throws -> [CareTask] {
        try on({ try SQLiteCareStore.tasks(query, in: $0) }, { try PostgresCareStore.tasks(query, in: $0) })
    }

    /// The events a query selects with their live outcomes.
    public func events(_ query: EventQuery) throws -> [CareEvent] {
        try on({ try SQLiteCareStore.events(query, in: $0) }, { try PostgresCareStore.events(query, in: $0) })
    }

    /// Records an outcome (the same id again returns the stored one and writes nothing).
    public func addOutcome(_ outcome: Outcome) throws -> Outcome {
        try on(
            { try SQLiteCareStore.addOutcome(outcome, in: $0) }, { try PostgresCareStore.addOutcome(outcome, in: $0) })
    }

    /// Marks an outcome deleted.
    public func deleteOutcome(id: String, at date: Date) throws -> Outcome {
        try on(
            { try SQLiteCareStore.deleteOutcome(id: id, at: date, in: $0) },
            { try PostgresCareStore.deleteOutcome(id: id, at: date, in: $0) })
    }

    /// The outcomes a query selects.
    public func outcomes(_ query: OutcomeQuery) throws -> [Outcome] {
        try on({ try SQLiteCareStore.outcomes(query, in: $0) }, { try PostgresCareStore.outcomes(query, in: $0) })
    }

    /// The task version in a row of `care_task_version` (its `json` column at least).
    public static func task(_ row: StoreRow) throws -> CareTask {
        switch row.source {
        case .sqlite(let row): try CareRecordCoding.task(row)
        case .postgres(let row): try PostgresCareRecordCoding.task(row)
        }
    }

    /// The outcome in a row of `care_outcome`.
    public static func outcome(_ row: StoreRow) throws -> Outcome {
        switch row.source {
        case .sqlite(let row): try CareRecordCoding.outcome(row)
        case .postgres(let row): try PostgresCareRecordCoding.outcome(row)
        }
    }
}
