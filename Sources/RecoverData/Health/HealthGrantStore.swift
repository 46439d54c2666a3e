import Foundation
import Research

/// A participant's later answers for reading health data types (`health_grant`), given on the account page
/// after their onboarding: one row per type, the latest answer and when it was given (an answer repeated
/// later is newer, so it wins over an onboarding taken in between); audited as a change of the participant's
/// records (they are consent to use data).
enum HealthGrantStore {
    static func row(participantID: String, type: HealthDataType) -> AuditedRow {
        AuditedRow(table: "health_grant", key: "\(participantID)/\(type.rawValue)")
    }

    static func set(
        _ type: HealthDataType, granted: Bool, participantID: String, at instant: Date, in db: StoreConnection
    ) throws {
        let audited = row(participantID: participantID, type: type)
        try AuditTrail.recordChange(of: audited, participantID: participantID, in: db) {
            try db.execute(
                """
                INSERT INTO health_grant (id, participant_id, permission_type, granted, changed_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET granted = excluded.granted, changed_at = excluded.changed_at
                """, [audited.key, participantID, type.rawValue, granted ? 1 : 0, instant])
        }
    }

    /// The participant's changed answers by type, with when each was given.
    static func changes(
        participantID: String, in db: StoreConnection
    ) throws -> [HealthDataType: (granted: Bool, at: Date)] {
        var changes: [HealthDataType: (granted: Bool, at: Date)] = [:]
        for row in try db.query(
            "SELECT permission_type, granted, changed_at FROM health_grant WHERE participant_id = ?", [participantID])
        {
            guard let type = HealthDataType(rawValue: try row.string("permission_type")) else {
                throw HealthStoreError(.unreadableRow, "a stored health grant has an unknown type")
            }
            changes[type] = (try row.int("granted") != 0, try row.date("changed_at"))
        }
        return changes
    }
}
