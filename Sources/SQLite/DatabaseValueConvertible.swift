import Foundation

/// A Swift value that can be bound as a statement argument and read back from a row.
///
/// Conforming types: `DatabaseValue`, `String`, `Int`, `Int64`, `Double`, `Bool` (0/1), `Data`,
/// `Date` (UTC ISO 8601 text with milliseconds, see ``DatabaseDate``), `UUID` (lowercase text) and
/// `Optional` of any of them (`nil` is NULL).
public protocol DatabaseValueConvertible: Sendable {
    /// The value to store.
    var databaseValue: DatabaseValue { get }
    /// The Swift value for a stored value, or nil when the stored value cannot be one.
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
}

extension DatabaseValue: DatabaseValueConvertible {
    /// Itself.
    public var databaseValue: DatabaseValue { self }
    /// Itself.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

extension String: DatabaseValueConvertible {
    /// Text.
    public var databaseValue: DatabaseValue { .text(self) }
    /// Text only: numbers are not turned into strings silently.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        if case .text(let text) = value { return text }
        return nil
    }
}

extension Int64: DatabaseValueConvertible {
    /// Integer.
    public var databaseValue: DatabaseValue { .integer(self) }
    /// Integer, or a real with no fractional part.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        switch value {
        case .integer(let integer): return integer
        case .real(let real): return Int64(exactly: real)
        default: return nil
        }
    }
}

extension Int: DatabaseValueConvertible {
    /// Integer.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    /// Integer that fits.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? {
        Int64.fromDatabaseValue(value).flatMap { Int(exactly: $0) }
    }
}

extension Double: DatabaseValueConvertible {
    /// Real.
    public var databaseValue: DatabaseValue { .real(self) }
    /// Real or integer.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .real(let real): return real
        case .integer(let integer): return Double(integer)
        default: return nil
        }
    }
}

extension Bool: DatabaseValueConvertible {
    /// 1 or 0.
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
    /// Any non-zero integer is true.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        Int64.fromDatabaseValue(value).map { $0 != 0 }
    }
}

extension Data: DatabaseValueConvertible {
    /// Blob.
    public var databaseValue: DatabaseValue { .blob(self) }
    /// Blob (an empty blob may come back as an empty blob, never as NULL).
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        if case .blob(let data) = value { return data }
        return nil
    }
}

extension Date: DatabaseValueConvertible {
    /// UTC ISO 8601 text with milliseconds (`2026-03-29T07:05:09.123Z`); sub-millisecond detail is dropped.
    public var databaseValue: DatabaseValue { .text(DatabaseDate.string(from: self)) }
    /// That text, or a number of seconds since 1970.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Date? {
        switch value {
        case .text(let text): return DatabaseDate.date(from: text)
        case .integer(let seconds): return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .real(let seconds): return Date(timeIntervalSince1970: seconds)
        default: return nil
        }
    }
}

extension UUID: DatabaseValueConvertible {
    /// Lowercase text, as PostgreSQL prints a uuid.
    public var databaseValue: DatabaseValue { .text(uuidString.lowercased()) }
    /// Text in either case.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> UUID? {
        if case .text(let text) = value { return UUID(uuidString: text) }
        return nil
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// NULL for nil.
    public var databaseValue: DatabaseValue {
        switch self {
        case .none: .null
        case .some(let wrapped): wrapped.databaseValue
        }
    }
    /// nil for NULL; a mismatched non-NULL value is still a failure.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if value.isNull { return .some(nil) }
        return Wrapped.fromDatabaseValue(value).map { .some($0) }
    }
}
