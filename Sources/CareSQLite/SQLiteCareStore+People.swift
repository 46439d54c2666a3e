import Care
import Foundation
import RowChanges
import SQLite

/// Patients, care plans and contacts inside the caller's transaction.
extension SQLiteCareStore {
    /// Adds a patient inside the caller's transaction.
    public static func addPatient(_ patient: Patient, in db: DatabaseConnection) throws -> Patient {
        try patient.checkTimeZone()
        if try Self.patient(id: patient.id, in: db) != nil {
            throw CareStoreError.duplicateID(entity: "patient", id: patient.id)
        }
        try db.recordingChange(of: patientRow(patient.id), owner: patient.id) {
            try db.execute(
                "INSERT INTO care_patient (id, name, birth_date, time_zone) VALUES (?, ?, ?, ?)",
                [patient.id, patient.name, patient.birthDate?.description, patient.timeZoneIdentifier])
        }
        return patient
    }

    /// Replaces a patient's details inside the caller's transaction.
    public static func updatePatient(_ patient: Patient, in db: DatabaseConnection) throws -> Patient {
        try patient.checkTimeZone()
        let changed = try db.recordingChange(of: patientRow(patient.id), owner: patient.id) {
            try db.execute(
                "UPDATE care_patient SET name = ?, birth_date = ?, time_zone = ? WHERE id = ?",
                [patient.name, patient.birthDate?.description, patient.timeZoneIdentifier, patient.id])
        }
        if changed == 0 { throw CareStoreError.unknownPatient(patient.id) }
        return patient
    }

    /// The patient with `id`, inside the caller's transaction.
    public static func patient(id: String, in db: DatabaseConnection) throws -> Patient? {
        try db.queryOne("SELECT * FROM care_patient WHERE id = ?", [id]).map(CareRecordCoding.patient)
    }

    /// Adds a care plan inside the caller's transaction.
    public static func addCarePlan(_ plan: CarePlan, in db: DatabaseConnection) throws -> CarePlan {
        if try db.queryOne("SELECT id FROM care_plan WHERE id = ?", [plan.id]) != nil {
            throw CareStoreError.duplicateID(entity: "care plan", id: plan.id)
        }
        if let patientID = plan.patientID, try patient(id: patientID, in: db) == nil {
            throw CareStoreError.unknownPatient(patientID)
        }
        try db.recordingChange(of: RowReference(table: "care_plan", key: plan.id), owner: plan.patientID) {
            try db.execute(
                "INSERT INTO care_plan (id, title, patient_id) VALUES (?, ?, ?)", [plan.id, plan.title, plan.patientID])
        }
        return plan
    }

    /// The care plans of a patient (all when nil), by id, inside the caller's transaction.
    public static func carePlans(patientID: String?, in db: DatabaseConnection) throws -> [CarePlan] {
        let rows =
            if let patientID {
                try db.query("SELECT * FROM care_plan WHERE patient_id = ? ORDER BY id", [patientID])
            } else {
                try db.query("SELECT * FROM care_plan ORDER BY id")
            }
        return try rows.map(CareRecordCoding.carePlan)
    }

    /// Adds a contact inside the caller's transaction.
    public static func addContact(_ contact: Contact, in db: DatabaseConnection) throws -> Contact {
        if try db.queryOne("SELECT id FROM care_contact WHERE id = ?", [contact.id]) != nil {
            throw CareStoreError.duplicateID(entity: "contact", id: contact.id)
        }
        if let planID = contact.carePlanID, try db.queryOne("SELECT id FROM care_plan WHERE id = ?", [planID]) == nil {
            throw CareStoreError.unknownCarePlan(planID)
        }
        let participant = try contact.carePlanID.flatMap { try patientID(carePlanID: $0, in: db) }
        try db.recordingChange(of: RowReference(table: "care_contact", key: contact.id), owner: participant) {
            try db.execute(
                "INSERT INTO care_contact (id, name, role, phone, email, care_plan_id) VALUES (?, ?, ?, ?, ?, ?)",
                [contact.id, contact.name, contact.role, contact.phone, contact.email, contact.carePlanID])
        }
        return contact
    }

    /// The contacts of a care plan (all when nil), by id, inside the caller's transaction.
    public static func contacts(carePlanID: String?, in db: DatabaseConnection) throws -> [Contact] {
        let rows =
            if let carePlanID {
                try db.query("SELECT * FROM care_contact WHERE care_plan_id = ? ORDER BY id", [carePlanID])
            } else {
                try db.query("SELECT * FROM care_contact ORDER BY id")
            }
        return try rows.map(CareRecordCoding.contact)
    }

    /// The patient a care plan belongs to, for the audit trail.
    static func patientID(carePlanID: String, in db: DatabaseConnection) throws -> String? {
        try db.queryOne("SELECT patient_id FROM care_plan WHERE id = ?", [carePlanID])?["patient_id"]
    }

    /// A patient row as the audit trail names it.
    static func patientRow(_ id: String) -> RowReference {
        RowReference(table: "care_patient", key: id)
    }
}
