import CSQLite

/// An SQLite failure: its result code, SQLite's message and the statement text.
///
/// Never carries the bound argument values, so it is safe to log: statements are written with `?`
/// placeholders and the data only ever travels as arguments.
///
/// ```swift
/// do { try database.write { db in try db.execute("INSERT INTO note (id, body) VALUES (?, ?)", [id, body]) } }
/// catch let error as DatabaseError where error.isUniqueConstraintViolation { ... }
/// catch let error as DatabaseError where error.code == .busy { ... }
/// ```
public struct DatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The primary result code (`.constraint`, `.busy`...); match on this.
    public let code: ResultCode
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE` is 2067), for finer matching.
    public let extendedCode: Int32
    /// SQLite's message (it names tables and columns, never values).
    public let message: String
    /// The SQL of the failing statement, with placeholders, if any.
    public let sql: String?

    /// A failure with the given codes.
    public init(code: ResultCode, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code
        self.extendedCode = extendedCode ?? code.rawValue
        self.message = message
        self.sql = sql
    }

    /// Whether a UNIQUE or PRIMARY KEY constraint refused the row.
    public var isUniqueConstraintViolation: Bool {
        extendedCode == 2067 || extendedCode == 1555
    }

    /// Whether a FOREIGN KEY constraint refused the change.
    public var isForeignKeyViolation: Bool { extendedCode == 787 }

    /// Code, message and statement.
    public var description: String {
        var text = "SQLite error \(extendedCode) (\(code.name)): \(message)"
        if let sql { text += " in statement: \(sql)" }
        return text
    }

    /// The error SQLite reports on `connection` for `resultCode`.
    init(resultCode: Int32, connection: OpaquePointer?, sql: String?) {
        let primary = resultCode & 0xFF
        // The connection's last error belongs to this failure only if its primary code agrees.
        let reported = connection.map { sqlite3_extended_errcode($0) } ?? resultCode
        let extended = reported & 0xFF == primary ? reported : resultCode
        let message = connection.flatMap { sqlite3_errmsg($0).map { String(cString: $0) } }
        self.init(
            code: ResultCode(rawValue: primary), extendedCode: extended,
            message: message ?? String(cString: sqlite3_errstr(resultCode)), sql: sql)
    }
}

/// A primary SQLite result code.
public struct ResultCode: RawRepresentable, Hashable, Sendable {
    /// The numeric code.
    public let rawValue: Int32
    /// The code with this number.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// SQLITE_ERROR: generic error (bad SQL, missing table...).
    public static let error = ResultCode(rawValue: 1)
    /// SQLITE_INTERNAL.
    public static let `internal` = ResultCode(rawValue: 2)
    /// SQLITE_PERM.
    public static let permission = ResultCode(rawValue: 3)
    /// SQLITE_ABORT.
    public static let abort = ResultCode(rawValue: 4)
    /// SQLITE_BUSY: another connection holds the lock beyond the busy timeout.
    public static let busy = ResultCode(rawValue: 5)
    /// SQLITE_LOCKED.
    public static let locked = ResultCode(rawValue: 6)
    /// SQLITE_NOMEM.
    public static let noMemory = ResultCode(rawValue: 7)
    /// SQLITE_READONLY: a write on a read connection.
    public static let readOnly = ResultCode(rawValue: 8)
    /// SQLITE_IOERR.
    public static let ioError = ResultCode(rawValue: 10)
    /// SQLITE_CORRUPT.
    public static let corrupt = ResultCode(rawValue: 11)
    /// SQLITE_FULL: disk full.
    public static let full = ResultCode(rawValue: 13)
    /// SQLITE_CANTOPEN.
    public static let cantOpen = ResultCode(rawValue: 14)
    /// SQLITE_CONSTRAINT: UNIQUE, NOT NULL, CHECK or FOREIGN KEY.
    public static let constraint = ResultCode(rawValue: 19)
    /// SQLITE_MISMATCH.
    public static let mismatch = ResultCode(rawValue: 20)
    /// SQLITE_MISUSE: the API was used wrongly (also: a nested write).
    public static let misuse = ResultCode(rawValue: 21)
    /// SQLITE_RANGE: wrong number of arguments.
    public static let range = ResultCode(rawValue: 25)
    /// SQLITE_NOTADB: the file is not an SQLite database.
    public static let notADatabase = ResultCode(rawValue: 26)

    /// SQLite's name for the code.
    public var name: String { String(cString: sqlite3_errstr(rawValue)) }
}
