import Postgres
import SQLite

/// The current row of a query read in place on either database (``StoreConnection/forEachCursorRow(_:_:_:)``):
/// on SQLite the bytes the statement holds, with nothing copied per row; on PostgreSQL the row libpq sent in
/// single-row mode, in ``StoreRow/positionalValues``'s canonical form. Valid only inside that closure.
public struct StoreCursorRow {
    enum Native {
        case sqlite(RawRow)
        case postgres([DatabaseValue])
    }

    let native: Native

    /// Whether the column is NULL.
    public func isNull(_ column: Int) -> Bool {
        switch native {
        case .sqlite(let row): row.isNull(column)
        case .postgres(let values): values[column] == .null
        }
    }

    /// Whether the column holds text.
    public func isText(_ column: Int) -> Bool {
        switch native {
        case .sqlite(let row): return row.isText(column)
        case .postgres(let values):
            if case .text = values[column] { return true }
            return false
        }
    }

    /// The column's integer, when it holds one.
    public func integer(_ column: Int) -> Int64? {
        switch native {
        case .sqlite(let row): return row.integer(column)
        case .postgres(let values):
            if case .integer(let number) = values[column] { return number }
            return nil
        }
    }

    /// The column's value, copied (for columns taken rarely).
    public func value(_ column: Int) -> DatabaseValue {
        switch native {
        case .sqlite(let row): row.value(column)
        case .postgres(let values): values[column]
        }
    }

    /// Calls `body` with the column's text as UTF-8 bytes (numbers as written in decimal, NULL as nothing).
    public func withText<Result>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result
    {
        switch native {
        case .sqlite(let row): return try row.withText(column, body)
        case .postgres(let values):
            var text =
                switch values[column] {
                case .text(let text): text
                case .integer(let number): String(number)
                case .real(let number): String(number)
                case .null, .blob: ""
                }
            return try text.withUTF8(body)
        }
    }
}

extension StoreConnection {
    /// Calls `body` with each row of a query in place (``StoreCursorRow``), the hot loop of large exports; columns
    /// are read by position.
    public func forEachCursorRow(
        _ sql: String, _ arguments: [any StoreValue] = [], _ body: (StoreCursorRow) throws -> Void
    ) throws {
        switch native {
        case .sqlite(let db):
            try db.forEachRawRow(sql, arguments) { try body(StoreCursorRow(native: .sqlite($0))) }
        case .postgres:
            try forEachRow(sql, arguments) { row in try body(StoreCursorRow(native: .postgres(row.positionalValues))) }
        }
    }
}
