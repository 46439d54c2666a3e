import Cryptography
import Foundation

/// The participants' secret calendar links (`calendar_feed`): one row per participant holding the SHA-256 of
/// the link's token, never the token, so the database alone cannot open anyone's calendar. A new link replaces
/// the row, and the old link stops working in the same commit. Audited as a change of the participant's
/// settings.
enum CalendarFeedStore {
    static func row(participantID: String) -> AuditedRow {
        AuditedRow(table: "calendar_feed", keyColumn: "participant_id", key: participantID)
    }

    /// The stored form of a token: its SHA-256 in hex.
    static func hash(token: String) -> String { Crypto.sha256Hex(token) }

    /// Stores `tokenHash` as the participant's link, replacing any earlier one.
    static func replace(participantID: String, tokenHash: String, at instant: Date, in db: StoreConnection) throws {
        try AuditTrail.recordChange(of: row(participantID: participantID), participantID: participantID, in: db) {
            try db.execute(
                """
                INSERT INTO calendar_feed (participant_id, token_hash, created_at) VALUES (?, ?, ?)
                ON CONFLICT (participant_id) DO UPDATE SET token_hash = excluded.token_hash,
                created_at = excluded.created_at
                """, [participantID, tokenHash, instant])
        }
    }

    /// When the participant's current link was made, nil without one.
    static func createdAt(participantID: String, in db: StoreConnection) throws -> Date? {
        try db.queryOne("SELECT created_at FROM calendar_feed WHERE participant_id = ?", [participantID])?
            .date("created_at")
    }

    /// The participant whose current link has `tokenHash`.
    static func participantID(tokenHash: String, in db: StoreConnection) throws -> String? {
        try db.queryOne("SELECT participant_id FROM calendar_feed WHERE token_hash = ?", [tokenHash])?
            .string("participant_id")
    }
}
