import Foundation
import Postgres
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

    /// The contact card's migrations on SQLite (appended to ``RecoverSchema/migrations``); never edit one that
    /// has landed.
    static let migrations: [Migration] = [
        Migration(
            name: "contact-001-study-contact",
            sql: """
                -- The study team's contact card: one row, id 'study'. Empty texts mean "not given".
                CREATE TABLE study_contact (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    role_en TEXT NOT NULL,
                    role_zh TEXT NOT NULL,
                    phone TEXT NOT NULL,
                    email TEXT NOT NULL,
                    notes_en TEXT NOT NULL,
                    notes_zh TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                );
                """)
    ]

    /// The same table on PostgreSQL (appended to ``RecoverSchema/postgresMigrations``).
    static let postgresMigrations: [PostgresMigration] = [
        PostgresMigration(
            name: "contact-001-study-contact",
            sql: """
                CREATE TABLE study_contact (
                    id text COLLATE "C" PRIMARY KEY,
                    name text NOT NULL,
                    role_en text NOT NULL,
                    role_zh text NOT NULL,
                    phone text NOT NULL,
                    email text NOT NULL,
                    notes_en text NOT NULL,
                    notes_zh text NOT NULL,
                    updated_at timestamptz NOT NULL
                );
                """)
    ]
}
