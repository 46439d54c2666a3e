import Foundation
import SQLite

/// The consent record each stored value was collected under (`consent_scope`): a survey result (and the
/// outcome of the same id) or a Health import names the participant's participation record in force when it
/// was stored. Written in the value's own transaction, audited, never changed.
public enum ConsentScope {
    /// Records that `entityType` `entityID` was collected under consent record `consentID`, inside the
    /// caller's transaction; a second call for the same value changes nothing.
    public static func record(
        _ entityType: String, _ entityID: String, participantID: String, consentID: String, at date: Date,
        in db: StoreConnection
    ) throws {
        let id = "\(entityType):\(entityID)"
        try AuditTrail.recordChange(
            of: AuditedRow(table: "consent_scope", key: id), participantID: participantID, in: db
        ) {
            try db.execute(
                """
                INSERT INTO consent_scope (id, entity_type, entity_id, participant_id, consent_id, recorded_at)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
                """, [id, entityType, entityID, participantID, consentID, date])
        }
    }

    /// The consent record `entityType` `entityID` was collected under, nil when none was recorded.
    public static func consentID(_ entityType: String, _ entityID: String, in db: StoreConnection) throws -> String? {
        try db.queryOne("SELECT consent_id FROM consent_scope WHERE id = ?", ["\(entityType):\(entityID)"])
            .map { try $0.string("consent_id") }
    }

    /// The participant's participation record in force now: their newest record of any version of it.
    public static func participationRecord(patientID: String, in db: StoreConnection) throws -> String? {
        try ConsentLibrary.standings(patientID: patientID, in: db)
            .first { $0.current.documentID == ConsentLibrary.participation }?.recordID
    }
}
