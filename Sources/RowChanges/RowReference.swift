import Foundation

/// What kind of change a store makes to a row.
public enum RowChangeKind: String, Hashable, Sendable {
    case create, update, delete
}

/// One row of a table, named by its table and primary key: what a store tells a database core's change
/// recorder (SQLite's `ChangeRecorder`, PostgreSQL's `PostgresChangeRecorder`) it changes.
///
/// Names are fixed identifiers from code (`account`, `care_outcome`), checked before they reach SQL
/// (``isPlainIdentifier``); the key is always a bound value.
public struct RowReference: Hashable, Sendable {
    /// The table.
    public let table: String
    /// The primary-key column.
    public let keyColumn: String
    /// The primary-key value.
    public let key: String
    /// The id a record of the change shows: the key, or a stand-in when the key is a secret (an invitation code).
    public let entityID: String

    /// The row of `table` whose `keyColumn` is `key`; `entityID` replaces a key that must not be logged.
    public init(table: String, keyColumn: String = "id", key: String, entityID: String? = nil) {
        self.table = table
        self.keyColumn = keyColumn
        self.key = key
        self.entityID = entityID ?? key
    }

    /// Whether `name` is a plain lower-case SQL identifier, safe to place in a statement.
    public static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
    }
}
