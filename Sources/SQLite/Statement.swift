import CSQLite
import Foundation

/// One prepared statement, owned by its connection (and its cache). Finalized on deinit.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    private let connection: OpaquePointer

    /// Prepares exactly one statement; trailing statements are refused so nothing runs unseen.
    init(connection: OpaquePointer, sql: String) throws {
        self.connection = connection
        self.sql = sql
        var statement: OpaquePointer?
        var trailing = ""
        let result = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(connection, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            if let tail { trailing = String(cString: tail) }
            return code
        }
        guard result == SQLITE_OK, let statement else {
            throw DatabaseError(resultCode: result, connection: connection, sql: sql)
        }
        // Checked before `handle` is set: once every property is set, a throwing init runs deinit too.
        guard trailing.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            sqlite3_finalize(statement)
            throw DatabaseError(
                code: .misuse, message: "more than one statement in one call; use a migration for scripts", sql: sql)
        }
        handle = statement
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds the arguments in order; their count must match the placeholders.
    func bind(_ arguments: [any DatabaseValueConvertible]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == arguments.count else {
            throw DatabaseError(
                code: .range, message: "statement expects \(expected) arguments, got \(arguments.count)", sql: sql)
        }
        for (offset, argument) in arguments.enumerated() {
            let result = bind(argument.databaseValue, at: Int32(offset + 1))
            guard result == SQLITE_OK else {
                throw DatabaseError(resultCode: result, connection: connection, sql: sql)
            }
        }
    }

    private func bind(_ value: DatabaseValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let integer):
            return sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            return sqlite3_bind_double(handle, index, real)
        case .text(var text):
            // SQLITE_TRANSIENT: SQLite copies the bytes before the closure's buffer goes away.
            return text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(handle, index, "", 0, recover_sqlite_transient())
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text(handle, index, $0, Int32(bytes.count), recover_sqlite_transient())
                }
            }
        case .blob(let data):
            guard !data.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return data.withUnsafeBytes { bytes in
                sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), recover_sqlite_transient())
            }
        }
    }

    /// Steps once: true when a row is available, false when done.
    func step() throws -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = DatabaseError(resultCode: result, connection: connection, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Releases locks and bound copies so a cached statement holds nothing between uses.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The column names of the rows, kept while they stay the same: a `SELECT *` reprepared after a schema
    /// change gets new ones, so the kept names are checked against the statement's (no allocation) each time.
    var columns: ColumnNames {
        let count = sqlite3_column_count(handle)
        if let cachedColumns, cachedColumns.names.count == Int(count),
            (0..<count).allSatisfy({ index in
                guard let name = sqlite3_column_name(handle, index) else { return false }
                return cachedColumns.names[Int(index)].withCString { strcmp($0, name) == 0 }
            })
        {
            return cachedColumns
        }
        let made = ColumnNames(columnNames)
        cachedColumns = made
        return made
    }
    private var cachedColumns: ColumnNames?

    var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { index in
            sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
        }
    }

    /// The value of a column of the current row.
    func value(at index: Int32) -> DatabaseValue { Self.value(of: handle, at: index) }

    /// The value of a column of `handle`'s current row.
    static func value(of handle: OpaquePointer, at index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let bytes = sqlite3_column_blob(handle, index), count > 0 else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }
}
