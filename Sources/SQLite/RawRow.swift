import CSQLite

/// The current row of a statement being stepped, read in place: text columns as the bytes SQLite holds, with no
/// `String` or array made per row (exports of millions of rows). Valid only inside the closure of
/// ``DatabaseConnection/forEachRawRow(_:_:_:)``, which lends it.
///
/// ```swift
/// try db.forEachRawRow("SELECT id, value FROM note", []) { row in
///     row.withText(0) { bytes in output.append(contentsOf: bytes) }
/// }
/// ```
public struct RawRow {
    let handle: OpaquePointer

    /// The number of columns.
    public var count: Int { Int(sqlite3_column_count(handle)) }

    /// Whether the column is NULL.
    public func isNull(_ column: Int) -> Bool { sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL }

    /// Whether the column holds text.
    public func isText(_ column: Int) -> Bool { sqlite3_column_type(handle, Int32(column)) == SQLITE_TEXT }

    /// The column's integer, when it holds one.
    public func integer(_ column: Int) -> Int64? {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_INTEGER ? sqlite3_column_int64(handle, Int32(column)) : nil
    }

    /// The column's value as ``DatabaseValue`` (a copy), for the uncommon columns a reader does not take in place.
    public func value(_ column: Int) -> DatabaseValue { Statement.value(of: handle, at: Int32(column)) }

    /// Calls `body` with the column's text as UTF-8 bytes (an integer or real as SQLite writes it, NULL as
    /// nothing), valid only during the call.
    public func withText<Result>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result
    {
        let index = Int32(column)
        guard let text = sqlite3_column_text(handle, index) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index))))
    }
}

extension DatabaseConnection {
    /// Calls `body` with each row in place (``RawRow``), without copying its values: the hot loop of large
    /// exports.
    public func forEachRawRow(
        _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ body: (RawRow) throws -> Void
    ) throws {
        try withStatement(sql, arguments) { statement in
            while try statement.step() { try body(RawRow(handle: statement.handle)) }
        }
    }
}
