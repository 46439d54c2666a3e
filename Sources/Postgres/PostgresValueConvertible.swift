import Foundation

/// A Swift value that can be bound as a statement argument and read back from a row.
///
/// Conforming types: `PostgresValue`, `String`, `Int`, `Int64`, `Int32`, `Double`, `Bool`, `Data` (`bytea`),
/// `Date` (`timestamptz`), `UUID` (text the server turns into a `uuid`) and `Optional` of any of them (`nil`
/// is NULL). Reading converts only where nothing is lost: an `Int32` from a `bigint` that fits, never a
/// string from a number.
public protocol PostgresValueConvertible: Sendable {
    /// The value to send.
    var postgresValue: PostgresValue { get }
    /// The Swift value for a value read from a row, or nil when it cannot be one.
    static func fromPostgresValue(_ value: PostgresValue) -> Self?
}

extension PostgresValue: PostgresValueConvertible {
    /// Itself.
    public var postgresValue: PostgresValue { self }
    /// Itself.
    public static func fromPostgresValue(_ value: PostgresValue) -> PostgresValue? { value }
}

extension String: PostgresValueConvertible {
    /// Text.
    public var postgresValue: PostgresValue { .text(self) }
    /// Text only (also `uuid`, `jsonb`, `date` and other types read as their text).
    public static func fromPostgresValue(_ value: PostgresValue) -> String? {
        guard case .text(let text) = value else { return nil }
        return text
    }
}

extension Int64: PostgresValueConvertible {
    /// A `bigint`.
    public var postgresValue: PostgresValue { .integer(self) }
    /// An integer, or a `numeric` holding a whole number in range.
    public static func fromPostgresValue(_ value: PostgresValue) -> Int64? {
        switch value {
        case .integer(let integer): integer
        case .numeric(let text): Int64(text)
        default: nil
        }
    }
}

extension Int: PostgresValueConvertible {
    /// A `bigint`.
    public var postgresValue: PostgresValue { .integer(Int64(self)) }
    /// An integer that fits.
    public static func fromPostgresValue(_ value: PostgresValue) -> Int? {
        Int64.fromPostgresValue(value).flatMap { Int(exactly: $0) }
    }
}

extension Int32: PostgresValueConvertible {
    /// A `bigint` (the server narrows it to an `integer` column, checking the range).
    public var postgresValue: PostgresValue { .integer(Int64(self)) }
    /// An integer that fits.
    public static func fromPostgresValue(_ value: PostgresValue) -> Int32? {
        Int64.fromPostgresValue(value).flatMap { Int32(exactly: $0) }
    }
}

extension Double: PostgresValueConvertible {
    /// A `double precision`.
    public var postgresValue: PostgresValue { .double(self) }
    /// A double, an integer or a `numeric`.
    public static func fromPostgresValue(_ value: PostgresValue) -> Double? {
        switch value {
        case .double(let double): double
        case .integer(let integer): Double(integer)
        case .numeric(let text): Double(text)
        default: nil
        }
    }
}

extension Bool: PostgresValueConvertible {
    /// A `boolean`.
    public var postgresValue: PostgresValue { .bool(self) }
    /// A boolean, or an integer 0 or 1 (as a schema carried over from SQLite may hold).
    public static func fromPostgresValue(_ value: PostgresValue) -> Bool? {
        switch value {
        case .bool(let bool): bool
        case .integer(0): false
        case .integer(1): true
        default: nil
        }
    }
}

extension Data: PostgresValueConvertible {
    /// A `bytea`.
    public var postgresValue: PostgresValue { .bytes(self) }
    /// A `bytea`.
    public static func fromPostgresValue(_ value: PostgresValue) -> Data? {
        guard case .bytes(let data) = value else { return nil }
        return data
    }
}

extension Date: PostgresValueConvertible {
    /// A `timestamptz`, to the microsecond (see ``PostgresTimestamp/rounded(_:)``).
    public var postgresValue: PostgresValue { .timestamp(self) }
    /// A `timestamptz` or `timestamp`.
    public static func fromPostgresValue(_ value: PostgresValue) -> Date? {
        guard case .timestamp(let date) = value else { return nil }
        return date
    }
}

extension UUID: PostgresValueConvertible {
    /// Lowercase text, which a `uuid` (or `text`) column accepts.
    public var postgresValue: PostgresValue { .text(uuidString.lowercased()) }
    /// A `uuid` (or text holding one).
    public static func fromPostgresValue(_ value: PostgresValue) -> UUID? {
        guard case .text(let text) = value else { return nil }
        return UUID(uuidString: text)
    }
}

extension Optional: PostgresValueConvertible where Wrapped: PostgresValueConvertible {
    /// NULL for nil.
    public var postgresValue: PostgresValue {
        switch self {
        case .none: .null
        case .some(let wrapped): wrapped.postgresValue
        }
    }
    /// nil for NULL; a non-NULL value that does not convert is still a failure.
    public static func fromPostgresValue(_ value: PostgresValue) -> Wrapped?? {
        if value.isNull { return .some(nil) }
        return Wrapped.fromPostgresValue(value).map { .some($0) }
    }
}
