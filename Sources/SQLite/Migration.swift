/// One named schema change: plain SQL, applied once, never edited after it has landed.
///
/// Names carry their area so areas never collide: `notes-001-create`, `tags-001-create`,
/// `tags-002-colour`. The SQL may hold several statements; it runs in one transaction with the record
/// of its application.
public struct Migration: Hashable, Sendable {
    /// The unique name, `<area>-<number>-<what>`.
    public let name: String
    /// The statements, without arguments.
    public let sql: String

    /// A migration.
    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }

    /// FNV-1a 64-bit hash of the SQL text, stored when applied to detect a later edit. Not a security
    /// measure: it only catches accidental changes.
    public var checksum: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in sql.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// A migration that cannot be applied.
public enum MigrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two migrations in the list share a name.
    case duplicateName(String)
    /// A migration was applied with different SQL: it was edited after landing. Add a new migration instead.
    case alteredMigration(String)
    /// The migration's SQL failed; nothing of it was applied.
    case failed(name: String, error: DatabaseError)

    /// What is wrong and where.
    public var description: String {
        switch self {
        case .duplicateName(let name):
            "migration \(name) appears twice in the list"
        case .alteredMigration(let name):
            "migration \(name) was changed after it was applied to this database; add a new migration instead"
        case .failed(let name, let error):
            "migration \(name) failed: \(error)"
        }
    }
}
