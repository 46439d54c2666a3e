import Foundation

/// One result row, read by column name.
///
/// ```swift
/// let id: String = try row["id"]
/// let language: String? = try row["language"]   // nil for NULL
/// let created = try row.date("created_at")
/// ```
public struct Row: Hashable, Sendable {
    let columns: ColumnNames
    /// The values in column order.
    public let values: [DatabaseValue]

    init(columns: ColumnNames, values: [DatabaseValue]) {
        self.columns = columns
        self.values = values
    }

    /// The column names in order.
    public var columnNames: [String] { columns.names }

    /// The raw value of a column; a missing column is an error naming it.
    public func value(_ column: String) throws -> DatabaseValue {
        guard let index = columns.index(of: column) else {
            throw RowDecodingError(column: column, expected: "a column of that name", found: "none")
        }
        return values[index]
    }

    /// The value of a column as a Swift type; use an optional type for nullable columns.
    public subscript<Value: DatabaseValueConvertible>(_ column: String) -> Value {
        get throws {
            let value = try value(column)
            guard let converted = Value.fromDatabaseValue(value) else {
                throw RowDecodingError(column: column, expected: "\(Value.self)", found: value.storageClassName)
            }
            return converted
        }
    }

    /// A text column.
    public func string(_ column: String) throws -> String { try self[column] }
    /// An integer column.
    public func int(_ column: String) throws -> Int { try self[column] }
    /// An integer column.
    public func int64(_ column: String) throws -> Int64 { try self[column] }
    /// A real (or integer) column.
    public func double(_ column: String) throws -> Double { try self[column] }
    /// An integer column holding 0 or 1.
    public func bool(_ column: String) throws -> Bool { try self[column] }
    /// A blob column.
    public func data(_ column: String) throws -> Data { try self[column] }
    /// An instant stored by ``DatabaseDate`` (UTC ISO 8601 text).
    public func date(_ column: String) throws -> Date { try self[column] }
    /// A UUID stored as text.
    public func uuid(_ column: String) throws -> UUID { try self[column] }
}

/// A row column that is missing or cannot be read as the requested type. Never shows the value.
public struct RowDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The column asked for.
    public let column: String
    /// The Swift type asked for.
    public let expected: String
    /// The storage class found (NULL, INTEGER, REAL, TEXT, BLOB).
    public let found: String

    /// A failure to read `column` as `expected`, having found the storage class `found`.
    public init(column: String, expected: String, found: String) {
        self.column = column
        self.expected = expected
        self.found = found
    }

    /// Column, expected type and what was found.
    public var description: String { "column \"\(column)\": expected \(expected), found \(found)" }
}

/// The column names of one statement's rows, shared by all of them.
final class ColumnNames: Hashable, Sendable {
    let names: [String]
    private let indexes: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var indexes: [String: Int] = [:]
        for (index, name) in names.enumerated() where indexes[name] == nil {
            indexes[name] = index
            if indexes[name.lowercased()] == nil { indexes[name.lowercased()] = index }
        }
        self.indexes = indexes
    }

    func index(of name: String) -> Int? { indexes[name] ?? indexes[name.lowercased()] }

    static func == (lhs: ColumnNames, rhs: ColumnNames) -> Bool { lhs.names == rhs.names }
    func hash(into hasher: inout Hasher) { hasher.combine(names) }
}
