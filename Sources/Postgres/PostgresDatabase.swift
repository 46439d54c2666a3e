import Dispatch
import Foundation

/// A PostgreSQL database reached through a bounded pool of connections.
///
/// Opening connects once (so a wrong URL or an unreachable server fails at once, with a message that never
/// shows the password) and applies the migrations not yet applied. `write` runs its closure in one
/// transaction (`SERIALIZABLE` by default, as SQLite's single writer behaves) and returns only after the
/// commit; a thrown error rolls everything back. A transaction that fails with a serialization failure or a
/// deadlock is run again from the start, a few times, so the closure must not do anything outside the database
/// it cannot repeat. `read` runs in a `REPEATABLE READ READ ONLY` transaction: one consistent snapshot.
///
/// ```swift
/// let url = try PostgresURL("postgresql://recover:secret@127.0.0.1:5432/recover")
/// let database = try PostgresDatabase.open(url, migrations: [
///     PostgresMigration(name: "notes-001-create", sql: "CREATE TABLE note (id uuid PRIMARY KEY, body text NOT NULL)")
/// ])
/// try database.write { db in
///     try db.execute("INSERT INTO note (id, body) VALUES ($1, $2)", [UUID(), "hello"])
/// }
/// let count = try database.read { db in try db.queryOne("SELECT count(*) AS n FROM note")?.int("n") ?? 0 }
/// let rows = try await database.read { db in try db.query("SELECT id FROM note") }  // async variant
/// ```
///
/// The connection lent to a closure must not escape it. Calling `write` or `read` inside a closure of the
/// same database throws `.misuse` (it could wait forever for a second connection); use the connection you
/// were given instead.
public final class PostgresDatabase: Sendable {
    /// Where it connects (printing it hides the password).
    public let url: PostgresURL
    /// The settings it was opened with.
    public let configuration: PostgresConfiguration
    let pool: ConnectionPool
    let counters: ActivityCounters
    /// Every write's connection starts with it as its ``PostgresConnection/changeRecorder``.
    let changeRecorder: (any PostgresChangeRecorder)?

    private init(url: PostgresURL, configuration: PostgresConfiguration, changeRecorder: (any PostgresChangeRecorder)?)
    {
        self.url = url
        self.configuration = configuration
        self.changeRecorder = changeRecorder
        let counters = ActivityCounters()
        self.counters = counters
        pool = ConnectionPool(maximumCount: configuration.maximumConnections, timeout: configuration.checkoutTimeout) {
            try PostgresConnection(url: url, configuration: configuration, counters: counters)
        }
    }

    /// Connects to the database at `url` and applies `migrations` in order (those not yet applied); every
    /// write starts with `changeRecorder` as its connection's ``PostgresConnection/changeRecorder``.
    ///
    /// Throws ``PostgresError``: `.connection` or `.authentication` when the server cannot be reached or
    /// refuses the login, or the error of a migration that fails (with ``PostgresError/migration`` set).
    public static func open(
        _ url: PostgresURL, migrations: [PostgresMigration] = [],
        configuration: PostgresConfiguration = PostgresConfiguration(),
        changeRecorder: (any PostgresChangeRecorder)? = nil
    ) throws -> PostgresDatabase {
        let database = PostgresDatabase(url: url, configuration: configuration, changeRecorder: changeRecorder)
        try database.withConnection { _ in }
        if !migrations.isEmpty { try database.migrate(migrations) }
        return database
    }

    /// Runs `body` in one write transaction and returns its value after the commit; rolls back if it throws.
    ///
    /// Runs `body` again (up to ``PostgresConfiguration/maximumAttempts`` times in all) when the transaction
    /// fails with a serialization failure or a deadlock, even if `body` caught that error and threw another.
    @discardableResult
    public func write<T>(isolation: IsolationLevel? = nil, _ body: (PostgresConnection) throws -> T) throws -> T {
        try transaction(.write, isolation: isolation ?? configuration.writeIsolation, body)
    }

    /// Runs `body` in one read-only transaction (a consistent snapshot at the default isolation level).
    @discardableResult
    public func read<T>(isolation: IsolationLevel? = nil, _ body: (PostgresConnection) throws -> T) throws -> T {
        try transaction(.read, isolation: isolation ?? configuration.readIsolation, body)
    }

    /// Async variant of ``write(isolation:_:)-(_,(PostgresConnection)->T)``: waits without blocking the caller's
    /// thread.
    @discardableResult
    public func write<T: Sendable>(
        isolation: IsolationLevel? = nil, _ body: @escaping @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        try await onBlockingThread { try self.write(isolation: isolation, body) }
    }

    /// Async variant of ``read(isolation:_:)-(_,(PostgresConnection)->T)``: waits without blocking the caller's
    /// thread.
    @discardableResult
    public func read<T: Sendable>(
        isolation: IsolationLevel? = nil, _ body: @escaping @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        try await onBlockingThread { try self.read(isolation: isolation, body) }
    }

    /// Lends a pooled connection outside any transaction: each statement commits on its own. For the few
    /// statements that cannot run in a transaction block (`VACUUM`, `CREATE DATABASE`).
    @discardableResult
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try insideScope {
            let connection = try pool.checkOut()
            defer { pool.checkIn(connection) }
            connection.isLent = true
            defer { connection.isLent = false }
            return try body(connection)
        }
    }

    /// Transactions, retries, statements and connections since the database was opened.
    public var activity: PostgresActivity { counters.snapshot }

    /// Closes the idle connections now and the others as they come back; later calls throw `.misuse`.
    public func close() { pool.close() }

    deinit { pool.close() }

    /// A connection of its own, outside the pool, for work that holds a session lock.
    func openDedicatedConnection() throws -> PostgresConnection {
        let connection = try PostgresConnection(url: url, configuration: configuration, counters: counters)
        connection.isLent = true
        return connection
    }

    private func onBlockingThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result(catching: work)) }
        }
    }
}
