import Foundation

/// One PostgreSQL value as Recover sends and reads it.
///
/// Callers usually pass Swift values that conform to ``PostgresValueConvertible`` (String, Int, Date, UUID,
/// Data, optionals...) and read rows through ``PostgresRow``'s typed accessors.
///
/// | case | sent as | read from |
/// | --- | --- | --- |
/// | `text` | untyped text, so the server converts it to the column's type (`uuid`, `jsonb`, `text`...) | every type not listed below |
/// | `integer` | `bigint` | `smallint`, `integer`, `bigint`, `oid` |
/// | `double` | `double precision` | `real`, `double precision` |
/// | `numeric` | `numeric` (exact decimal text) | `numeric` |
/// | `bool` | `boolean` | `boolean` |
/// | `bytes` | `bytea` | `bytea` |
/// | `timestamp` | `timestamptz` (microseconds) | `timestamptz`, `timestamp` (read as UTC) |
public enum PostgresValue: Hashable, Sendable {
    /// SQL NULL.
    case null
    /// A boolean.
    case bool(Bool)
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A double.
    case double(Double)
    /// An exact decimal in PostgreSQL's text form (`"12.50"`, `"NaN"`).
    case numeric(String)
    /// UTF-8 text (PostgreSQL text cannot hold the NUL character).
    case text(String)
    /// Bytes.
    case bytes(Data)
    /// An instant, kept to the microsecond.
    case timestamp(Date)

    /// Whether this is SQL NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The kind of value, for error messages that must not show the value itself.
    var kindName: String {
        switch self {
        case .null: "NULL"
        case .bool: "boolean"
        case .integer: "bigint"
        case .double: "double precision"
        case .numeric: "numeric"
        case .text: "text"
        case .bytes: "bytea"
        case .timestamp: "timestamptz"
        }
    }
}
