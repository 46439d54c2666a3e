import Foundation
import Postgres
import SQLite

/// The database a study's records live in: the embedded SQLite file or a PostgreSQL server, opened by
/// ``RecoverSchema`` with every area's migrations and the audit trail as its change recorder. Every store
/// runs its transactions here.
///
/// ```swift
/// let storage = try RecoverSchema.open(dataDirectory: folder)              // SQLite
/// let shared = try RecoverSchema.open(postgres: try PostgresURL(text))     // PostgreSQL
/// let count = try storage.read { db in try db.queryOne("SELECT count(*) AS n FROM account")?.int("n") }
/// ```
public struct StudyStorage: Sendable {
    /// The database behind it.
    public enum Backend: Sendable {
        case sqlite(Database)
        case postgres(PostgresDatabase)
    }

    /// The SQLite or PostgreSQL database the storage runs its transactions on.
    public let backend: Backend

    /// Storage on an open SQLite database.
    public init(_ database: Database) { backend = .sqlite(database) }
    /// Storage on an open PostgreSQL database.
    public init(_ database: PostgresDatabase) { backend = .postgres(database) }

    /// The SQLite database, when that is what it is (backups of a data folder, the SQLite-only tools).
    public var sqlite: Database? {
        if case .sqlite(let database) = backend { return database }
        return nil
    }

    /// Which database this is.
    public var dialect: StoreDialect {
        switch backend {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }

    /// Runs `body` in one write transaction and returns after the commit; a thrown error rolls it back.
    ///
    /// Writes follow one another, as on SQLite, whichever server instance runs them: on PostgreSQL each write
    /// first waits for one transaction-long advisory lock (``writerLock``) and then runs at `READ COMMITTED`,
    /// so every statement sees every write committed before it. The audit chain stays one line, and the
    /// stores' read-then-write steps (the sign-in throttle's count, an invitation's redemption) hold with
    /// several instances. Reads do not take the lock and run in parallel, each on one snapshot. `body` may run
    /// again after a lost connection or a deadlock, so it must do nothing outside the database.
    @discardableResult
    public func write<T>(_ body: (StoreConnection) throws -> T) throws -> T {
        switch backend {
        case .sqlite(let database): try database.write { try body(StoreConnection($0)) }
        case .postgres(let database): try database.write(isolation: .readCommitted) { try Self.inTurn($0, body) }
        }
    }

    /// The advisory lock every write on PostgreSQL holds until its commit (`'recoverW'`).
    public static let writerLock: Int64 = 0x7265_636F_7665_7257

    /// Runs `body` on `db` once the write's turn has come (``writerLock``).
    private static func inTurn<T>(_ db: PostgresConnection, _ body: (StoreConnection) throws -> T) throws -> T {
        try db.execute("SELECT pg_advisory_xact_lock($1)", [writerLock])
        return try body(StoreConnection(db))
    }

    /// Runs `body` in one read transaction: one consistent snapshot.
    @discardableResult
    public func read<T>(_ body: (StoreConnection) throws -> T) throws -> T {
        switch backend {
        case .sqlite(let database): try database.read { try body(StoreConnection($0)) }
        case .postgres(let database): try database.read { try body(StoreConnection($0)) }
        }
    }

    /// Async variant of ``write(_:)``: waits without blocking the caller's thread.
    public func write<T: Sendable>(_ body: @escaping @Sendable (StoreConnection) throws -> T) async throws -> T {
        switch backend {
        case .sqlite(let database): try await database.write { try body(StoreConnection($0)) }
        case .postgres(let database): try await database.write(isolation: .readCommitted) { try Self.inTurn($0, body) }
        }
    }

    /// Async variant of ``read(_:)``.
    public func read<T: Sendable>(_ body: @escaping @Sendable (StoreConnection) throws -> T) async throws -> T {
        switch backend {
        case .sqlite(let database): try await database.read { try body(StoreConnection($0)) }
        case .postgres(let database): try await database.read { try body(StoreConnection($0)) }
        }
    }
}

extension StudyStorage {
    /// Whether `error` says the database cannot be reached or cannot take the request just now (the server
    /// restarting, the pool exhausted, a failover to a read-only standby, SQLite busy beyond its timeout): the
    /// request failed with nothing written, and the same request later may succeed.
    public static func isUnavailable(_ error: any Error) -> Bool {
        if let error = error as? PostgresError {
            return [.connection, .poolTimeout, .readOnlyTransaction, .canceled].contains(error.category)
        }
        if let error = error as? DatabaseError { return error.code == .busy }
        return false
    }
}
