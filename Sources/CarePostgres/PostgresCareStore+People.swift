import Care
import Foundation
import Postgres
import RowChanges

/// Patients, care plans and contacts inside the caller's transaction.
extension PostgresCareStore {
    /// Adds a patient inside the caller's transaction.
    public static func addPatient(_ patient: Patient, in db: PostgresConnection) throws -> Patient {
        try patient.checkTimeZone()
        if try Self.patient(id: patient.id, in: db) != nil {
            throw CareStoreError.duplicateID(entity: "patient", id: patient.id)
        }
        try db.recordingChange(of: patientRow(patient.id), owner: patient.id) {
            try db.execute(
                "INSERT INTO care_patient (id, name, birth_date, time_zone) VALUES ($1, $2, $3, $4)",
                [patient.id, patient.name, patient.birthDate?.description, patient.timeZoneIdentifier])
        }
        return patient
    }

    /// Replaces a patient's details inside the caller's transaction.
    public static func updatePatient(_ patient: Patient, in db: PostgresConnection) throws -> Patient {
        try patient.checkTimeZone()
        let changed = try db.recordingChange(of: patientRow(patient.id), owner: patient.id) {
            try db.execute(
                "UPDATE care_patient SET name = $1, birth_date = $2, time_zone = $3 WHERE id = $4",
                [patient.name, patient.birthDate?.description, patient.timeZoneIdentifier, patient.id])
        }
        if changed == 0 { throw CareStoreError.unknownPatient(patient.id) }
        return patient
    }

    /// The patient with `id`, inside the caller's transaction.
    public static func patient(id: String, in db: PostgresConnection) throws -> Patient? {
        try db.queryOne("SELECT * FROM care_patient WHERE id = $1", [id]).map(PostgresCareRecordCoding.patient)
    }

    /// Adds a care plan inside the caller's transaction.
    public static func addCarePlan(_ plan: CarePlan, in db: PostgresConnection) throws -> CarePlan {
        if try db.queryOne("SELECT id FROM care_plan WHERE id = $1", [plan.id]) != nil {
            throw CareStoreError.duplicateID(entity: "care plan", id: plan.id)
        }
        if let patientID = plan.patientID, try patient(id: patientID, in: db) == nil {
            throw CareStoreError.unknownPatient(patientID)
        }
        try db.recordingChange(of: RowReference(table: "care_plan", key: plan.id), owner: plan.patientID) {
            try db.execute(
                "INSERT INTO care_plan (id, title, patient_id) VALUES ($1, $2, $3)",
                [plan.id, plan.title, plan.patientID])
        }
        return plan
    }

    /// The care plans of a patient (all when nil), by id, inside the caller's transaction.
    public static func carePlans(patientID: String?, in db: PostgresConnection) throws -> [CarePlan] {
        let rows =
            if let patientID {
                try db.query("SELECT * FROM care_plan WHERE patient_id = $1 ORDER BY id", [patientID])
            } else {
                try db.query("SELECT * FROM care_plan ORDER BY id")
            }
        return try rows.map(PostgresCareRecordCoding.carePlan)
    }

    /// Adds a contact inside the caller's transaction.
    public static func addContact(_ contact: Contact, in db: PostgresConnection) throws -> Contact {
        if try db.queryOne("SELECT id FROM care_contact WHERE id = $1", [contact.id]) != nil {
            throw CareStoreError.duplicateID(entity: "contact", id: contact.id)
        }
        if let planID = contact.carePlanID,
            try db.queryOne("SELECT id FROM care_plan WHERE id = $1", [planID]) == nil
        {
            throw CareStoreError.unknownCarePlan(planID)
        }
        let participant = try contact.carePlanID.flatMap { try patientID(carePlanID: $0, in: db) }
        try db.recordingChange(of: RowReference(table: "care_contact", key: contact.id), owner: participant) {
            try db.execute(
                "INSERT INTO care_contact (id, name, role, phone, email, care_plan_id) VALUES ($1, $2, $3, $4, $5, $6)",
                [contact.id, contact.name, contact.role, contact.phone, contact.email, contact.carePlanID])
        }
        return contact
    }

    /// The contacts of a care plan (all when nil), by id, inside the caller's transaction.
    public static func contacts(carePlanID: String?, in db: PostgresConnection) throws -> [Contact] {
        let rows =
            if let carePlanID {
                try db.query("SELECT * FROM care_contact WHERE care_plan_id = $1 ORDER BY id", [carePlanID])
            } else {
                try db.query("SELECT * FROM care_contact ORDER BY id")
            }
        return try rows.map(PostgresCareRecordCoding.contact)
    }

    /// A patient row as a change recorder names it.
    static func patientRow(_ id: String) -> RowReference {
        RowReference(table: "care_patient", key: id)
    }

    /// The patient whose care plan this is; nil for a plan without a patient.
    static func patientID(carePlanID: String, in db: PostgresConnection) throws -> String? {
        try db.queryOne("SELECT patient_id FROM care_plan WHERE id = $1", [carePlanID])?["patient_id"]
    }
}
