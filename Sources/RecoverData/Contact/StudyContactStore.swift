import Foundation
import SQLite

/// The study's one contact card (`study_contact`, one row with id `study`); set by admins, audited as a change
/// of the study's settings (no participant).
enum StudyContactStore {
    static let row = AuditedRow(table: "study_contact", key: "study")

    /// Stores `contact` in place of the one before.
    static func set(_ contact: StudyContact, in db: StoreConnection) throws {
        try AuditTrail.recordChange(of: row, participantID: nil, in: db) {
            try db.execute(
                """
                INSERT INTO study_contact (id, name, role_en, role_zh, phone, email, notes_en, notes_zh, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, role_en = excluded.role_en,
                role_zh = excluded.role_zh, phone = excluded.phone, email = excluded.email,
                notes_en = excluded.notes_en, notes_zh = excluded.notes_zh, updated_at = excluded.updated_at
                """,
                [
                    row.key, contact.name, contact.roleEnglish, contact.roleChinese, contact.phone, contact.email,
                    contact.notesEnglish, contact.notesChinese, contact.updatedAt,
                ])
        }
    }

    /// The contact, nil before an admin set one.
    static func contact(in db: StoreConnection) throws -> StudyContact? {
        guard let found = try db.queryOne("SELECT * FROM study_contact WHERE id = ?", [row.key]) else { return nil }
        return StudyContact(
            name: try found.string("name"), roleEnglish: try found.string("role_en"),
            roleChinese: try found.string("role_zh"), phone: try found.string("phone"),
            email: try found.string("email"), notesEnglish: try found.string("notes_en"),
            notesChinese: try found.string("notes_zh"), updatedAt: try found.date("updated_at"))
    }
}
