import CPostgres
import Foundation

/// A PostgreSQL connection, lent to the closure of ``PostgresDatabase/write(isolation:_:)`` or
/// ``PostgresDatabase/read(isolation:_:)``.
///
/// Not Sendable and valid only inside that closure: using it afterwards throws `.misuse`. Statements take
/// `$1`, `$2`... placeholders and their arguments separately, never values spliced into SQL; one statement
/// per call (the server refuses more).
///
/// ```swift
/// try database.write { db in
///     try db.execute("INSERT INTO note (id, body, created_at) VALUES ($1, $2, $3)", [id, body, Date()])
/// }
/// let rows = try database.read { db in try db.query("SELECT id FROM note WHERE created_at > $1", [since]) }
/// ```
public final class PostgresConnection {
    let handle: OpaquePointer
    /// Set by the database while a closure holds the connection.
    var isLent = false
    /// The last failure the server reported on this connection, cleared when a transaction begins: it tells
    /// the transaction whether to run again even when the closure caught the error and threw another.
    var lastServerError: PostgresError?
    /// Set when a prepared statement had gone stale (its table changed since it was prepared) and was dropped:
    /// the transaction can run again and prepare it afresh.
    var droppedStalePreparedStatement = false
    /// Who is told about the row changes of the current write; every write starts with the database's
    /// default (``PostgresDatabase/open(_:migrations:configuration:changeRecorder:)``), and its closure may
    /// replace it.
    public var changeRecorder: (any PostgresChangeRecorder)?
    private let counters: ActivityCounters
    private let preparesStatements: Bool
    private var prepared: [String: PreparedStatement] = [:]
    private var preparedCount = 0
    /// Removed from any message, in case a server or proxy ever echoes it.
    private let password: String?
    private static let preparedLimit = 256

    /// Opens a connection and sets the session up for Recover's value formats.
    init(url: PostgresURL, configuration: PostgresConfiguration, counters: ActivityCounters) throws {
        let keywords = Self.keywords(url: url, configuration: configuration)
        let opened = CStringArray(keywords.map(\.0)).withPointers { names in
            CStringArray(keywords.map(\.1)).withPointers { values in PQconnectdbParams(names, values, 0) }
        }
        guard let opened, PQstatus(opened) == CONNECTION_OK else {
            let error = PostgresError.connectionFailure(opened, sql: nil, password: url.password)
            PQfinish(opened)
            throw error
        }
        handle = opened
        password = url.password
        self.counters = counters
        preparesStatements = configuration.preparesStatements
        counters.connections.add(1, ordering: .relaxed)
        // Notices (`relation already exists, skipping`) would go to standard error; Recover has no use for them.
        PQsetNoticeReceiver(opened, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    /// Runs one statement with its arguments and returns the number of rows it changed.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [any PostgresValueConvertible] = []) throws -> Int {
        try run(sql, arguments).changedRows
    }

    /// All rows of a query.
    public func query(_ sql: String, _ arguments: [any PostgresValueConvertible] = []) throws -> [PostgresRow] {
        let result = try run(sql, arguments)
        let columns = result.columnNames()
        return (0..<result.rowCount).map { result.row($0, columns: columns) }
    }

    /// The first row of a query, or nil when there is none.
    public func queryOne(_ sql: String, _ arguments: [any PostgresValueConvertible] = []) throws -> PostgresRow? {
        let result = try run(sql, arguments)
        guard result.rowCount > 0 else { return nil }
        return result.row(0, columns: result.columnNames())
    }

    /// Calls `body` for each row as the server sends it, without holding the whole result (exports of many
    /// rows). If `body` throws, the remaining rows are read and dropped, then the error is rethrown.
    public func forEachRow(
        _ sql: String, _ arguments: [any PostgresValueConvertible] = [], _ body: (PostgresRow) throws -> Void
    ) throws {
        let (bound, name) = try prepare(sql, arguments)
        let sent = bound.withCArrays { types, values, lengths, formats in
            if let name {
                return PQsendQueryPrepared(handle, name, Int32(bound.count), values, lengths, formats, 0)
            }
            return PQsendQueryParams(handle, sql, Int32(bound.count), types, values, lengths, formats, 0)
        }
        guard sent == 1 else { throw PostgresError.connectionFailure(handle, sql: sql, password: password) }
        PQsetSingleRowMode(handle)
        var columns: ColumnNames?
        var failure: (any Error)?
        while let raw = PQgetResult(handle) {
            let result = QueryResult(raw)
            if result.status == PGRES_SINGLE_TUPLE {
                guard failure == nil else { continue }
                let names = columns ?? result.columnNames()
                columns = names
                do { try body(result.row(0, columns: names)) } catch { failure = error }
            } else if failure == nil {
                do {
                    _ = try checked(result, sql: sql, bound: bound)
                } catch let error as PostgresError {
                    forgetIfStale(name, sql: sql, after: error)
                    failure = error
                }
            }
        }
        if let failure { throw failure }
    }

    /// The server process serving this connection (`pg_backend_pid()`), for diagnostics and
    /// `pg_terminate_backend`.
    public var backendProcessID: Int32 { PQbackendPID(handle) }

    /// Whether a transaction is open (always true inside `write` and `read` closures).
    public var isInsideTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// Whether the open transaction has failed, so that everything but a rollback is refused.
    var hasFailedTransaction: Bool { PQtransactionStatus(handle) == PQTRANS_INERROR }

    /// Whether the connection can be lent again: open, outside any transaction, and with nothing unexpected
    /// waiting on its socket (a server that ended the session sends its farewell there and closes it).
    var isReusable: Bool {
        guard PQstatus(handle) == CONNECTION_OK, PQtransactionStatus(handle) == PQTRANS_IDLE else { return false }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }

    /// Whether the connection itself failed (its socket is closed or broken).
    var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

    /// Runs SQL the database itself issues (transaction control, migrations), lent or not, through the
    /// simple protocol: no arguments, several statements allowed.
    @discardableResult
    func executeUnchecked(_ sql: String) throws -> QueryResult {
        let result = PQexec(handle, sql)
        return try checked(result.map(QueryResult.init), sql: sql, bound: nil)
    }

    private func run(_ sql: String, _ arguments: [any PostgresValueConvertible]) throws -> QueryResult {
        let (bound, name) = try prepare(sql, arguments)
        let raw = bound.withCArrays { types, values, lengths, formats in
            if let name { return PQexecPrepared(handle, name, Int32(bound.count), values, lengths, formats, 0) }
            return PQexecParams(handle, sql, Int32(bound.count), types, values, lengths, formats, 0)
        }
        do {
            return try checked(raw.map(QueryResult.init), sql: sql, bound: bound)
        } catch let error as PostgresError {
            forgetIfStale(name, sql: sql, after: error)
            throw error
        }
    }

    /// Checks the connection is lent, counts the statement, and lays its arguments out for the statement
    /// prepared for `sql` (preparing it on first use), or for running it unprepared (no name).
    private func prepare(
        _ sql: String, _ arguments: [any PostgresValueConvertible]
    ) throws -> (BoundArguments, name: String?) {
        guard isLent else {
            throw PostgresError(
                category: .misuse, message: "a connection was used outside its write or read closure", sql: sql)
        }
        counters.statements.add(1, ordering: .relaxed)
        let values = arguments.map(\.postgresValue)
        guard let statement = try preparedStatement(sql) else {
            return (try BoundArguments(values, expected: nil, sql: sql), nil)
        }
        return (try BoundArguments(values, expected: statement.parameterTypes, sql: sql), statement.name)
    }

    /// The statement prepared for `sql`, preparing it on first use and asking the server for the parameter
    /// types it inferred; nil to run it unprepared (preparation off, or too many statements prepared already).
    private func preparedStatement(_ sql: String) throws -> PreparedStatement? {
        guard preparesStatements else { return nil }
        if let statement = prepared[sql] { return statement }
        guard prepared.count < Self.preparedLimit else { return nil }
        preparedCount += 1
        let name = "recover_\(preparedCount)"
        _ = try checked(PQprepare(handle, name, sql, 0, nil).map(QueryResult.init), sql: sql, bound: nil)
        let description = try checked(PQdescribePrepared(handle, name).map(QueryResult.init), sql: sql, bound: nil)
        let types = (0..<PQnparams(description.handle)).map { PQparamtype(description.handle, $0) }
        let statement = PreparedStatement(name: name, parameterTypes: types)
        prepared[sql] = statement
        return statement
    }

    /// Forgets the prepared statement `name` when `error` says it went stale: `cached plan must not change
    /// result type` (its table changed since) or a statement the server no longer knows (a pooler discarded
    /// it). It is prepared afresh next time, and the transaction may run again.
    private func forgetIfStale(_ name: String?, sql: String, after error: PostgresError) {
        guard let name, error.sqlState == "0A000" || error.sqlState == "26000", prepared[sql]?.name == name else {
            return
        }
        prepared[sql] = nil
        droppedStalePreparedStatement = true
    }

    /// The result, or the error it carries.
    private func checked(_ result: QueryResult?, sql: String, bound: BoundArguments?) throws -> QueryResult {
        guard let result else { throw PostgresError.connectionFailure(handle, sql: sql, password: password) }
        let status = result.status
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY
            || status == PGRES_SINGLE_TUPLE
        {
            return result
        }
        var error = PostgresError(
            result: result.handle, sql: sql, arguments: (bound?.texts ?? []) + (password.map { [$0] } ?? []))
        if error.sqlState == nil, isBroken {
            error = PostgresError.connectionFailure(handle, sql: sql, password: password)
        }
        lastServerError = error
        throw error
    }

    private static func keywords(url: PostgresURL, configuration: PostgresConfiguration) -> [(String, String)] {
        var keywords: [(String, String)] = []
        if let host = url.host { keywords.append(("host", host)) }
        if let port = url.port { keywords.append(("port", String(port))) }
        if let database = url.database { keywords.append(("dbname", database)) }
        if let user = url.user { keywords.append(("user", user)) }
        if let password = url.password { keywords.append(("password", password)) }
        var parameters = url.parameters
        parameters["connect_timeout"] = parameters["connect_timeout"] ?? String(configuration.connectTimeout)
        parameters["application_name"] = parameters["application_name"] ?? configuration.applicationName
        // The session formats the value decoding relies on, after any options of the URL's own.
        var options = [
            "-c TimeZone=UTC", "-c DateStyle=ISO,YMD", "-c bytea_output=hex", "-c extra_float_digits=3",
        ]
        if let timeout = configuration.statementTimeout {
            options.append("-c statement_timeout=\(Int(max(1, timeout * 1000)))")
        }
        parameters["options"] = ([parameters["options"]].compactMap { $0 } + options).joined(separator: " ")
        parameters["client_encoding"] = "UTF8"
        keywords += parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return keywords
    }
}

/// A statement prepared on one connection, with the parameter types the server inferred for it.
struct PreparedStatement {
    let name: String
    let parameterTypes: [Oid]
}

/// NUL-terminated copies of strings in a NULL-terminated array, as libpq's keyword functions take them.
struct CStringArray {
    private let strings: [String]

    init(_ strings: [String]) { self.strings = strings }

    func withPointers<Result>(_ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        // The array passed as a pointer: valid for the call, never nil (the array holds at least the nil).
        return body(pointers)
    }
}
