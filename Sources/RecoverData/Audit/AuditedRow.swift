import Cryptography
import Foundation
import RowChanges
import SQLite

/// One row of an audited table: the table name is the entry's `entity_type`, the key its `entity_id`.
public typealias AuditedRow = RowReference

extension RowReference {
    /// SHA-256 (hex) of the row's canonical state, or nil when there is no such row.
    ///
    /// Canonical state: `recover-row-v1`, the table name, then every column sorted by name with its value
    /// typed (`n`, `i<decimal>`, `r<IEEE-754 bits in hex>`, `t<byte count>:<UTF-8>`, `b<byte count>:<bytes>`),
    /// so the digest changes exactly when a stored value changes, and reveals nothing of it.
    public func digest(in db: StoreConnection) throws -> String? {
        try values(in: db)?.digest(table: table)
    }

    /// The row's stored values in canonical form, or nil when there is no such row.
    public func values(in db: StoreConnection) throws -> AuditRowValues? {
        guard Self.isPlainIdentifier(table), Self.isPlainIdentifier(keyColumn) else {
            throw StoreMisuse("audited table and key column must be plain identifiers")
        }
        guard let row = try db.queryOne("SELECT * FROM \(table) WHERE \(keyColumn) = ?", [key]) else { return nil }
        return AuditRowValues(row.canonicalValues)
    }

    /// The canonical bytes of a row given as its columns and values.
    static func canonicalState(of values: [(column: String, value: DatabaseValue)], table: String) -> [UInt8] {
        var bytes = Array("recover-row-v1\n".utf8)
        appendLengthPrefixed(Array(table.utf8), to: &bytes)
        let columns = values.sorted { $0.column < $1.column }
        for (name, value) in columns {
            appendLengthPrefixed(Array(name.utf8), to: &bytes)
            switch value {
            case .null: bytes.append(UInt8(ascii: "n"))
            case .integer(let number): bytes += Array("i\(number)".utf8)
            case .real(let number): bytes += Array("r\(String(number.bitPattern, radix: 16))".utf8)
            case .text(let text):
                bytes.append(UInt8(ascii: "t"))
                appendLengthPrefixed(Array(text.utf8), to: &bytes)
            case .blob(let data):
                bytes.append(UInt8(ascii: "b"))
                appendLengthPrefixed(Array(data), to: &bytes)
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    private static func appendLengthPrefixed(_ field: [UInt8], to bytes: inout [UInt8]) {
        bytes += Array("\(field.count):".utf8)
        bytes += field
    }
}
