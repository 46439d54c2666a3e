import Foundation

/// One SQLite value: the five storage classes.
///
/// Callers usually pass Swift values that conform to ``DatabaseValueConvertible`` (String, Int, Date,
/// UUID, optionals...) and never build a `DatabaseValue` by hand; literals also work
/// (`let v: DatabaseValue = "text"`, `= 1`, `= nil`).
public enum DatabaseValue: Hashable, Sendable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob(Data)

    /// Whether this is SQL NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The storage class name, for error messages that must not show the value itself.
    var storageClassName: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }
}

extension DatabaseValue: ExpressibleByNilLiteral {
    /// SQL NULL.
    public init(nilLiteral: ()) { self = .null }
}

extension DatabaseValue: ExpressibleByStringLiteral {
    /// A text value.
    public init(stringLiteral value: String) { self = .text(value) }
}

extension DatabaseValue: ExpressibleByIntegerLiteral {
    /// An integer value.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension DatabaseValue: ExpressibleByFloatLiteral {
    /// A real value.
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension DatabaseValue: ExpressibleByBooleanLiteral {
    /// 1 or 0, as SQLite stores booleans.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
