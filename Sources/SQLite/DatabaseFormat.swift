import Foundation

/// The marker that makes an SQLite file a Recover database, and the bookkeeping tables every database has.
enum DatabaseFormat {
    /// The format of the bookkeeping tables; bumped only if they ever change.
    static let version = 1

    /// Checks an opened file is a Recover database (creating the marker in a fresh one), then turns on WAL.
    ///
    /// The check comes first so that a foreign SQLite file is refused before anything in it changes.
    static func prepare(_ connection: DatabaseConnection, path: String) throws {
        connection.isLent = true
        defer { connection.isLent = false }
        let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'")
            .map { try $0.string("name") }
        if tables.isEmpty {
            try connection.executeUnchecked("PRAGMA journal_mode = WAL")
            try connection.executeUnchecked("BEGIN IMMEDIATE")
            do {
                try createTables(connection)
                try connection.executeUnchecked("COMMIT")
            } catch {
                try? connection.executeUnchecked("ROLLBACK")
                throw error
            }
            return
        }
        guard tables.contains("recover_database") else {
            throw DatabaseOpenError.notRecoverDatabase(
                path: path, reason: "the SQLite file has no recover_database table")
        }
        let format = try connection.queryOne("SELECT format FROM recover_database")?.int("format")
        guard let format, format <= version else {
            throw DatabaseOpenError.notRecoverDatabase(
                path: path, reason: "unknown database format \(format.map(String.init) ?? "(none)")")
        }
        try connection.executeUnchecked("PRAGMA journal_mode = WAL")
    }

    private static func createTables(_ connection: DatabaseConnection) throws {
        try connection.execute(
            "CREATE TABLE recover_database (format INTEGER NOT NULL, created_at TEXT NOT NULL) STRICT")
        try connection.execute("INSERT INTO recover_database (format, created_at) VALUES (?, ?)", [version, Date()])
        try connection.execute(
            """
            CREATE TABLE schema_migrations (
                name TEXT PRIMARY KEY NOT NULL,
                checksum TEXT NOT NULL,
                applied_at TEXT NOT NULL
            ) STRICT
            """)
    }
}

/// A file that cannot be opened as a Recover database.
public enum DatabaseOpenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file exists but is not a Recover database (not SQLite, or another application's SQLite file).
    case notRecoverDatabase(path: String, reason: String)

    /// What is wrong and where.
    public var description: String {
        switch self {
        case .notRecoverDatabase(let path, let reason):
            "\(path) is not a Recover database: \(reason); refusing to open it"
        }
    }
}
