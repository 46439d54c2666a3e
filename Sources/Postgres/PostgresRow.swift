import Foundation

/// One result row, read by column name.
///
/// ```swift
/// let id: UUID = try row["id"]
/// let language: String? = try row["language"]   // nil for NULL
/// let created = try row.date("created_at")
/// ```
public struct PostgresRow: Hashable, Sendable {
    let columns: ColumnNames
    /// The values in column order.
    public let values: [PostgresValue]

    init(columns: ColumnNames, values: [PostgresValue]) {
        self.columns = columns
        self.values = values
    }

    /// The column names in order.
    public var columnNames: [String] { columns.names }

    /// The raw value of a column; a missing column is a `.decoding` error naming it.
    public func value(_ column: String) throws -> PostgresValue {
        guard let index = columns.index(of: column) else {
            throw Self.decodingError(column: column, expected: "a column of that name", found: "none")
        }
        return values[index]
    }

    /// The value of a column as a Swift type; use an optional type for nullable columns.
    ///
    /// Throws a `.decoding` error naming the column, the type asked for and the kind of value found (never
    /// the value): for NULL in a non-optional, another type, or an integer that does not fit.
    public subscript<Value: PostgresValueConvertible>(_ column: String) -> Value {
        get throws {
            let value = try value(column)
            guard let converted = Value.fromPostgresValue(value) else {
                var found = value.kindName
                if case .integer = value, Value.self is any BinaryInteger.Type { found += " out of its range" }
                throw Self.decodingError(column: column, expected: "\(Value.self)", found: found)
            }
            return converted
        }
    }

    /// A text column (also `uuid`, `jsonb`, `date` and other types as their text).
    public func string(_ column: String) throws -> String { try self[column] }
    /// An integer column that fits an `Int`.
    public func int(_ column: String) throws -> Int { try self[column] }
    /// An integer column.
    public func int64(_ column: String) throws -> Int64 { try self[column] }
    /// An integer column that fits an `Int32`.
    public func int32(_ column: String) throws -> Int32 { try self[column] }
    /// A `double precision`, `real`, `numeric` or integer column.
    public func double(_ column: String) throws -> Double { try self[column] }
    /// A `boolean` column.
    public func bool(_ column: String) throws -> Bool { try self[column] }
    /// A `bytea` column.
    public func data(_ column: String) throws -> Data { try self[column] }
    /// A `timestamptz` (or `timestamp`, read as UTC) column.
    public func date(_ column: String) throws -> Date { try self[column] }
    /// A `uuid` column.
    public func uuid(_ column: String) throws -> UUID { try self[column] }

    private static func decodingError(column: String, expected: String, found: String) -> PostgresError {
        PostgresError(category: .decoding, message: "column \"\(column)\": expected \(expected), found \(found)")
    }
}

/// The column names of one result's rows, shared by all of them.
final class ColumnNames: Hashable, Sendable {
    let names: [String]
    private let indexes: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var indexes: [String: Int] = [:]
        for (index, name) in names.enumerated() where indexes[name] == nil {
            indexes[name] = index
        }
        self.indexes = indexes
    }

    func index(of name: String) -> Int? { indexes[name] }

    static func == (lhs: ColumnNames, rhs: ColumnNames) -> Bool { lhs.names == rhs.names }
    func hash(into hasher: inout Hasher) { hasher.combine(names) }
}
