import CSQLite
import Foundation

/// An SQLite connection, lent to the closure of ``Database/write(_:)`` or ``Database/read(_:)``.
///
/// Not Sendable and valid only inside that closure: using it after the closure returns throws a
/// `.misuse` error. Statements take `?` placeholders and their arguments separately, never values
/// spliced into SQL.
///
/// ```swift
/// try database.write { db in
///     try db.execute("INSERT INTO note (id, text, created_at) VALUES (?, ?, ?)", [id, text, Date()])
/// }
/// let rows = try database.read { db in try db.query("SELECT id FROM note WHERE created_at > ?", [since]) }
/// ```
public final class DatabaseConnection {
    let handle: OpaquePointer
    /// Set by the database while a closure holds the connection.
    var isLent = false
    private var statements: [String: Statement] = [:]
    /// Told about the row changes of the current write (see ``ChangeRecorder``).
    ///
    /// Every write request starts with the database's default recorder, so a recorder set inside one write
    /// never leaks into the next.
    public var changeRecorder: (any ChangeRecorder)?
    let counters: ActivityCounters
    private static let statementCacheLimit = 128

    /// Opens (creating if needed) the file at `path` and applies the per-connection settings.
    init(path: String, configuration: DatabaseConfiguration, isReader: Bool, counters: ActivityCounters) throws {
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let result = sqlite3_open_v2(path, &connection, flags, nil)
        guard result == SQLITE_OK, let connection else {
            let error = DatabaseError(resultCode: result, connection: connection, sql: nil)
            sqlite3_close_v2(connection)
            throw error
        }
        handle = connection
        self.counters = counters
        // Every property is set from here on, so if a setting fails and init throws, deinit closes the handle.
        sqlite3_busy_timeout(connection, Int32(configuration.busyTimeout * 1000))
        guard recover_sqlite_enable_defensive(connection) == SQLITE_OK else {
            throw DatabaseError(code: .error, message: "cannot enable SQLite defensive mode")
        }
        try executeUnchecked("PRAGMA foreign_keys = ON")
        try executeUnchecked("PRAGMA synchronous = \(configuration.durability.pragmaValue)")
        if isReader { try executeUnchecked("PRAGMA query_only = ON") }
        let cache = isReader ? configuration.cacheKibibytes : configuration.writerCacheKibibytes
        try executeUnchecked("PRAGMA cache_size = -\(cache)")
        try executeUnchecked("PRAGMA mmap_size = \(configuration.mappedBytes)")
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one statement with its arguments and returns the number of rows it changed.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> Int {
        try checkLent(sql)
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// All rows of a query.
    public func query(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(sql, arguments) { rows.append($0) }
        return rows
    }

    /// The first row of a query, or nil when there is none.
    public func queryOne(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> Row? {
        var first: Row?
        try forEachRow(sql, arguments) { row in
            if first == nil { first = row }
        }
        return first
    }

    /// Calls `body` for each row as it is read, without collecting them (exports of many rows).
    public func forEachRow(
        _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ body: (Row) throws -> Void
    ) throws {
        try withStatement(sql, arguments) { statement in
            // The names are taken after the first step: a statement reprepared there (the schema changed since
            // it last ran) may have other columns.
            var columns: ColumnNames?
            while try statement.step() {
                let names = columns ?? statement.columns
                columns = names
                try body(Row(columns: names, values: (0..<Int32(names.names.count)).map { statement.value(at: $0) }))
            }
        }
    }

    /// Runs `body` with the cached statement for `sql`, bound to `arguments` and reset afterwards.
    func withStatement(
        _ sql: String, _ arguments: [any DatabaseValueConvertible], _ body: (Statement) throws -> Void
    ) throws {
        try checkLent(sql)
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        try body(statement)
    }

    /// The rowid of the last inserted row on this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a transaction is open (always true inside `write` and `read` closures).
    public var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs a script of several statements without arguments (migrations only).
    func executeScript(_ sql: String) throws {
        var failure: DatabaseError?
        sql.withCString { start in
            var cursor: UnsafePointer<CChar>? = start
            while let current = cursor, current.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let prepared = sqlite3_prepare_v2(handle, current, -1, &statement, &tail)
                guard prepared == SQLITE_OK else {
                    failure = DatabaseError(resultCode: prepared, connection: handle, sql: String(cString: current))
                    return
                }
                cursor = tail
                guard let statement else { continue }  // only whitespace or a comment was left
                var stepped = sqlite3_step(statement)
                while stepped == SQLITE_ROW { stepped = sqlite3_step(statement) }
                if stepped != SQLITE_DONE {
                    failure = DatabaseError(
                        resultCode: stepped, connection: handle, sql: sqlite3_sql(statement).map { String(cString: $0) }
                    )
                }
                sqlite3_finalize(statement)
                if failure != nil { return }
            }
        }
        if let failure { throw failure }
    }

    /// Runs a statement the database itself issues (transactions, pragmas), lent or not.
    func executeUnchecked(_ sql: String) throws {
        let statement = try prepared(sql)
        defer { statement.reset() }
        while try statement.step() {}
    }

    private func checkLent(_ sql: String) throws {
        guard isLent else {
            throw DatabaseError(
                code: .misuse, message: "a connection was used outside its write or read closure", sql: sql)
        }
        counters.statements.add(1, ordering: .relaxed)
    }

    private func prepared(_ sql: String) throws -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(connection: handle, sql: sql)
        if statements.count >= Self.statementCacheLimit { statements.removeAll() }
        statements[sql] = statement
        return statement
    }
}
