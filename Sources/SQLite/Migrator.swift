import Foundation

/// Applies migrations in list order, each in its own transaction, recording them in `schema_migrations`.
///
/// The list is the concatenation of the areas' lists in the order they depend on each other. Applying is
/// idempotent: applied migrations are skipped after checking their checksum; a migration applied with different
/// SQL is an error naming it. Migrations recorded in the file but absent from the list (a newer binary's, or an area
/// this program does not open) are left alone.
public struct Migrator: Sendable {
    /// The migrations, in order.
    public let migrations: [Migration]

    /// A migrator for the list.
    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// Applies the migrations not yet applied to `database`.
    public func migrate(_ database: Database) throws {
        var seen = Set<String>()
        for migration in migrations where !seen.insert(migration.name).inserted {
            throw MigrationError.duplicateName(migration.name)
        }
        try database.withWriter { connection in
            // What is applied is read first, without a lock: opening an up-to-date file (a backup or an export
            // beside a busy server) then never waits for the server's writer. Only a missing migration takes
            // the write lock, and checks again under it (another process may have applied it meanwhile).
            let applied = try Dictionary(
                connection.query("SELECT name, checksum FROM schema_migrations").map {
                    (try $0.string("name"), try $0.string("checksum"))
                }, uniquingKeysWith: { first, _ in first })
            for migration in migrations {
                if let checksum = applied[migration.name] {
                    guard checksum == migration.checksum else { throw MigrationError.alteredMigration(migration.name) }
                } else {
                    try apply(migration, on: connection)
                }
            }
        }
    }

    /// The names of the migrations applied to `database`, in the order they were applied.
    public static func appliedMigrationNames(in database: Database) throws -> [String] {
        try database.read { db in
            try db.query("SELECT name FROM schema_migrations ORDER BY applied_at, rowid").map { try $0.string("name") }
        }
    }

    private func apply(_ migration: Migration, on connection: DatabaseConnection) throws {
        try connection.executeUnchecked("BEGIN IMMEDIATE")
        do {
            let applied = try connection.queryOne(
                "SELECT checksum FROM schema_migrations WHERE name = ?", [migration.name])
            if let applied {
                guard try applied.string("checksum") == migration.checksum else {
                    throw MigrationError.alteredMigration(migration.name)
                }
            } else {
                do {
                    try connection.executeScript(migration.sql)
                } catch let error as DatabaseError {
                    throw MigrationError.failed(name: migration.name, error: error)
                }
                guard connection.isInsideTransaction else {
                    throw MigrationError.failed(
                        name: migration.name,
                        error: DatabaseError(code: .misuse, message: "a migration must not end its own transaction"))
                }
                try connection.execute(
                    "INSERT INTO schema_migrations (name, checksum, applied_at) VALUES (?, ?, ?)",
                    [migration.name, migration.checksum, Date()])
            }
            try connection.executeUnchecked("COMMIT")
        } catch {
            if connection.isInsideTransaction { try? connection.executeUnchecked("ROLLBACK") }
            throw error
        }
    }
}
