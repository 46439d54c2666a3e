import Dispatch
import Foundation

/// The Recover database: one SQLite file, one writer, a few concurrent readers.
///
/// Opening creates the file if needed (WAL, foreign keys on, defensive mode), refuses a file that is not a
/// Recover database, and applies the migrations not yet applied. `write` runs its closure atomically in a
/// `BEGIN IMMEDIATE ... COMMIT` transaction on the single writer connection and returns only after the commit
/// (fsynced with the default `.full` durability); a thrown error rolls its changes back. Concurrent writes
/// share commits (group commit, each in its own savepoint). `read` runs on a reader
/// connection inside one read transaction, so the closure sees one consistent snapshot while writes go on.
///
/// ```swift
/// let database = try Database.open(
///     dataDirectory: URL(fileURLWithPath: "recover-data"),
///     migrations: [Migration(name: "notes-001-create", sql: "CREATE TABLE note (id TEXT PRIMARY KEY, body TEXT)")])
/// try database.write { db in
///     try db.execute("INSERT INTO note (id, body) VALUES (?, ?)", [UUID(), "hello"])
/// }
/// let count = try database.read { db in
///     try db.queryOne("SELECT count(*) AS n FROM note")?.int("n") ?? 0
/// }
/// let rows = try await database.read { db in try db.query("SELECT id FROM note") }  // async variant
/// ```
///
/// The connection lent to a closure must not escape it. Calling `write` inside a `write` closure throws
/// `.misuse` (it would deadlock); compose work on the connection you were given instead. A `read` inside a
/// `write` does not see the write's uncommitted changes.
public final class Database: Sendable {
    /// The database file.
    public let url: URL
    /// The settings it was opened with.
    public let configuration: DatabaseConfiguration
    private let writer: Writer
    private let readers: ReaderPool
    private let counters: ActivityCounters

    private init(url: URL, configuration: DatabaseConfiguration, writer: Writer, counters: ActivityCounters) {
        self.url = url
        self.configuration = configuration
        self.writer = writer
        self.counters = counters
        readers = ReaderPool(path: url.path, configuration: configuration, counters: counters)
    }

    /// Opens or creates the database at `url` and applies `migrations` in order (those not yet applied).
    /// Every write starts with `changeRecorder` as its connection's ``DatabaseConnection/changeRecorder``.
    ///
    /// Throws ``DatabaseOpenError`` for a file that is not a Recover database, ``MigrationError`` for a
    /// migration that fails or was altered after it was applied, ``DatabaseError`` for SQLite failures.
    public static func open(
        at url: URL, migrations: [Migration], configuration: DatabaseConfiguration = DatabaseConfiguration(),
        changeRecorder: (any ChangeRecorder)? = nil
    ) throws -> Database {
        try prepareFile(at: url)
        let counters = ActivityCounters()
        let connection: DatabaseConnection
        do {
            connection = try DatabaseConnection(
                path: url.path, configuration: configuration, isReader: false, counters: counters)
            try DatabaseFormat.prepare(connection, path: url.path)
        } catch let error as DatabaseError where error.code == .notADatabase {
            throw DatabaseOpenError.notRecoverDatabase(path: url.path, reason: "the file is not an SQLite database")
        }
        let writer = Writer(
            connection: connection, maximumBatch: configuration.maximumWritesPerCommit, recorder: changeRecorder)
        let database = Database(url: url, configuration: configuration, writer: writer, counters: counters)
        try Migrator(migrations).migrate(database)
        return database
    }

    /// The name of the database file inside a data folder.
    public static let fileName = "recover.sqlite"

    /// Opens or creates `recover.sqlite` in the data folder (`--data-dir`), creating the folder if needed.
    public static func open(
        dataDirectory: URL, migrations: [Migration], configuration: DatabaseConfiguration = DatabaseConfiguration(),
        changeRecorder: (any ChangeRecorder)? = nil
    ) throws -> Database {
        try open(at: dataDirectory.appending(path: fileName), migrations: migrations, configuration: configuration)
    }

    /// Runs `body` in one write transaction and returns its value after the commit; rolls back if it throws.
    ///
    /// Concurrent writes may share one commit (group commit): each closure then runs in its own savepoint of
    /// the shared transaction, sees the changes of the closures before it, and is rolled back alone if it
    /// throws. Either way `write` returns only after the commit that includes its changes.
    @discardableResult
    public func write<T>(_ body: (DatabaseConnection) throws -> T) throws -> T {
        counters.writes.add(1, ordering: .relaxed)
        return try writer.write(body)
    }

    /// Runs `body` in one read transaction (a consistent snapshot) on a reader connection.
    @discardableResult
    public func read<T>(_ body: (DatabaseConnection) throws -> T) throws -> T {
        counters.reads.add(1, ordering: .relaxed)
        return try readers.withConnection { connection in
            try connection.executeUnchecked("BEGIN DEFERRED")
            do {
                let value = try body(connection)
                try connection.executeUnchecked("COMMIT")
                return value
            } catch {
                if connection.isInsideTransaction { try? connection.executeUnchecked("ROLLBACK") }
                throw error
            }
        }
    }

    /// Async variant of ``write(_:)-(DatabaseConnection)->T``: suspends instead of blocking the caller's thread.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (DatabaseConnection) throws -> T) async throws -> T {
        counters.writes.add(1, ordering: .relaxed)
        return try await writer.write(body)
    }

    /// Async variant of ``read(_:)-(DatabaseConnection)->T``: waits without blocking the caller's thread.
    @discardableResult
    public func read<T: Sendable>(_ body: @escaping @Sendable (DatabaseConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try self.read(body) })
            }
        }
    }

    /// Transactions and statements run since the database was opened.
    public var activity: DatabaseActivity { counters.snapshot }

    /// How many writes committed in how many transactions since the database was opened.
    public var writeStatistics: WriteStatistics { writer.currentStatistics }

    /// Runs `body` alone on the writer connection, outside any transaction (migrations manage their own).
    func withWriter<T>(_ body: (DatabaseConnection) throws -> T) throws -> T {
        try writer.write(kind: .exclusive, body)
    }

    /// Creates the folder (owner only) and an empty file (owner read/write) so no other user can read the data.
    private static func prepareFile(at url: URL) throws {
        let manager = FileManager.default
        let folder = url.deletingLastPathComponent()
        if !manager.fileExists(atPath: folder.path) {
            try manager.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        if !manager.fileExists(atPath: url.path) {
            guard manager.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw DatabaseError(code: .cantOpen, message: "cannot create the database file \(url.path)")
            }
        }
    }
}
