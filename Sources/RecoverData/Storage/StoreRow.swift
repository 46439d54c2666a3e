import Foundation
import Postgres
import SQLite

/// One row a store read, from either database, read by column name.
public struct StoreRow {
    enum Source {
        case sqlite(Row)
        case postgres(PostgresRow)
    }

    let source: Source

    init(_ row: Row) { source = .sqlite(row) }
    init(_ row: PostgresRow) { source = .postgres(row) }

    /// The column names in order.
    public var columnNames: [String] {
        switch source {
        case .sqlite(let row): row.columnNames
        case .postgres(let row): row.columnNames
        }
    }

    /// The value of a column as a Swift type; use an optional type for nullable columns. A missing column,
    /// NULL in a non-optional or another type is an error naming the column, never showing the value.
    public subscript<Value: StoreValue>(_ column: String) -> Value {
        get throws {
            switch source {
            case .sqlite(let row): try row[column]
            case .postgres(let row): try row[column]
            }
        }
    }

    /// A text column.
    public func string(_ column: String) throws -> String { try self[column] }
    /// An integer column.
    public func int(_ column: String) throws -> Int { try self[column] }
    /// A 64-bit integer column.
    public func int64(_ column: String) throws -> Int64 { try self[column] }
    /// A real column.
    public func double(_ column: String) throws -> Double { try self[column] }
    /// A boolean column.
    public func bool(_ column: String) throws -> Bool { try self[column] }
    /// A blob column.
    public func data(_ column: String) throws -> Data { try self[column] }
    /// An instant column.
    public func date(_ column: String) throws -> Date { try self[column] }

    /// The row's values in the canonical form of a row digest (``AuditedRow/digest(in:)``): the same kinds on
    /// both databases, an instant as the SQLite core's text for it.
    var canonicalValues: [(column: String, value: DatabaseValue)] {
        switch source {
        case .sqlite(let row): Array(zip(row.columnNames, row.values)).map { ($0, $1) }
        case .postgres(let row): Array(zip(row.columnNames, row.values.map(Self.canonical))).map { ($0, $1) }
        }
    }

    /// The values in column order as the SQLite core's kinds (a PostgreSQL instant as its text), for readers
    /// that go by position on a hot path.
    public var positionalValues: [DatabaseValue] {
        switch source {
        case .sqlite(let row): row.values
        case .postgres(let row): row.values.map(Self.canonical)
        }
    }

    /// One column's value in that canonical form.
    func canonicalValue(_ column: String) throws -> DatabaseValue {
        switch source {
        case .sqlite(let row): try row.value(column)
        case .postgres(let row): Self.canonical(try row.value(column))
        }
    }

    private static func canonical(_ value: PostgresValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .bool(let flag): .integer(flag ? 1 : 0)
        case .integer(let number): .integer(number)
        case .double(let number): .real(number)
        case .numeric(let text), .text(let text): .text(text)
        case .bytes(let data): .blob(data)
        case .timestamp(let date): .text(DatabaseDate.string(from: date))
        }
    }
}
