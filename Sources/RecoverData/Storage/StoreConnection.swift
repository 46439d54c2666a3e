import Foundation
import Postgres
import SQLite

/// The connection of one open transaction on either database, lent to a ``StudyStorage`` closure; every
/// store's `static` operation takes one, so use cases combine stores' changes in one transaction.
///
/// Statements use `?` placeholders on both databases (turned into `$1`, `$2`... for PostgreSQL) with their
/// arguments bound, never spliced. Valid only inside its closure.
///
/// ```swift
/// try storage.write { db in
///     db.auditActor = "account:\(staffID)"
///     try db.execute("UPDATE account SET language = ? WHERE id = ?", [language, id])
///     _ = try db.care.addOutcome(outcome)
/// }
/// ```
public final class StoreConnection {
    enum Native {
        case sqlite(DatabaseConnection)
        case postgres(PostgresConnection)
    }

    let native: Native

    /// The connection of a transaction on the SQLite core (tools that read the file directly).
    public init(_ connection: DatabaseConnection) { native = .sqlite(connection) }
    /// The connection of a transaction on the PostgreSQL core.
    public init(_ connection: PostgresConnection) { native = .postgres(connection) }

    /// Which database this is a connection to.
    public var dialect: StoreDialect {
        switch native {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }

    /// The care store's operations in this transaction.
    public var care: CareOnConnection { CareOnConnection(native: native) }

    /// Runs one statement and returns the number of rows it changed.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [any StoreValue] = []) throws -> Int {
        switch native {
        case .sqlite(let db): try db.execute(sql, arguments)
        case .postgres(let db): try db.execute(PostgresPlaceholders.numbered(sql), arguments)
        }
    }

    /// All rows of a query.
    public func query(_ sql: String, _ arguments: [any StoreValue] = []) throws -> [StoreRow] {
        switch native {
        case .sqlite(let db): try db.query(sql, arguments).map(StoreRow.init)
        case .postgres(let db): try db.query(PostgresPlaceholders.numbered(sql), arguments).map(StoreRow.init)
        }
    }

    /// The first row of a query, or nil.
    public func queryOne(_ sql: String, _ arguments: [any StoreValue] = []) throws -> StoreRow? {
        switch native {
        case .sqlite(let db): try db.queryOne(sql, arguments).map(StoreRow.init)
        case .postgres(let db): try db.queryOne(PostgresPlaceholders.numbered(sql), arguments).map(StoreRow.init)
        }
    }

    /// Calls `body` with each row in turn without holding them all (exports, verification of any size).
    public func forEachRow(
        _ sql: String, _ arguments: [any StoreValue] = [], _ body: (StoreRow) throws -> Void
    ) throws {
        switch native {
        case .sqlite(let db): try db.forEachRow(sql, arguments) { try body(StoreRow($0)) }
        case .postgres(let db):
            try db.forEachRow(PostgresPlaceholders.numbered(sql), arguments) { try body(StoreRow($0)) }
        }
    }

    /// Runs `body` so that a statement of it failing (a constraint) leaves the rest of the transaction usable:
    /// PostgreSQL aborts a transaction at its first failed statement unless it ran inside a savepoint; SQLite
    /// undoes only the failed statement anyway.
    @discardableResult
    public func recoverable<T>(_ body: () throws -> T) throws -> T {
        guard case .postgres(let db) = native else { return try body() }
        try db.execute("SAVEPOINT recoverable")
        do {
            let value = try body()
            try db.execute("RELEASE SAVEPOINT recoverable")
            return value
        } catch {
            try db.execute("ROLLBACK TO SAVEPOINT recoverable")
            throw error
        }
    }

    /// `count` comma-separated placeholders, for `IN (...)` lists.
    public static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// Whether `error` is a unique-constraint violation on either database.
    public static func isUniqueViolation(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError { return error.isUniqueConstraintViolation }
        if let error = error as? PostgresError { return error.category == .uniqueViolation }
        return false
    }

    /// Whether `error` is a foreign-key violation on either database.
    public static func isForeignKeyViolation(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError { return error.isForeignKeyViolation }
        if let error = error as? PostgresError { return error.category == .foreignKeyViolation }
        return false
    }
}

/// A store used in a way it does not allow (a programming error, not bad input).
public struct StoreMisuse: Error, CustomStringConvertible {
    /// What was misused, in English, for the developer.
    public let description: String

    /// A misuse described by `description`.
    public init(_ description: String) { self.description = description }
}
