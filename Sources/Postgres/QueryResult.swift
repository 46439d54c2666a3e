import CPostgres
import Foundation

/// A libpq result, cleared when this goes away.
final class QueryResult {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    var status: ExecStatusType { PQresultStatus(handle) }
    var rowCount: Int32 { PQntuples(handle) }
    var columnCount: Int32 { PQnfields(handle) }

    /// The number of rows a command changed (`INSERT 0 3` gives 3), 0 for commands that report none.
    var changedRows: Int {
        guard let text = PQcmdTuples(handle).map({ String(cString: $0) }) else { return 0 }
        return Int(text) ?? 0
    }

    /// The command tag (`COMMIT`, `ROLLBACK`, `INSERT 0 1`).
    var commandStatus: String { PQcmdStatus(handle).map { String(cString: $0) } ?? "" }

    func columnNames() -> ColumnNames {
        ColumnNames((0..<columnCount).map { String(cString: PQfname(handle, $0)) })
    }

    /// The row at `index`, each value decoded from its text by the column's type.
    func row(_ index: Int32, columns: ColumnNames) -> PostgresRow {
        PostgresRow(columns: columns, values: (0..<columnCount).map { value(row: index, column: $0) })
    }

    private func value(row: Int32, column: Int32) -> PostgresValue {
        guard PQgetisnull(handle, row, column) == 0, let bytes = PQgetvalue(handle, row, column) else { return .null }
        let type = PQftype(handle, column)
        if type == TypeOID.bytea {
            return Self.bytea(bytes, length: Int(PQgetlength(handle, row, column))).map(PostgresValue.bytes)
                ?? .text(String(cString: bytes))
        }
        let text = String(cString: bytes)
        switch type {
        case TypeOID.bool: return .bool(text == "t")
        case TypeOID.int8, TypeOID.int4, TypeOID.int2, TypeOID.oid:
            return Int64(text).map(PostgresValue.integer) ?? .text(text)
        case TypeOID.float8, TypeOID.float4: return Double(text).map(PostgresValue.double) ?? .text(text)
        case TypeOID.numeric: return .numeric(text)
        case TypeOID.timestamptz, TypeOID.timestamp:
            return PostgresTimestamp.parse(text, withOffset: type == TypeOID.timestamptz).map(PostgresValue.timestamp)
                ?? .text(text)
        default: return .text(text)
        }
    }

    /// The bytes of `bytea` in hex output format (`\x0aff`), which the session asks for.
    private static func bytea(_ bytes: UnsafePointer<CChar>, length: Int) -> Data? {
        guard length >= 2, length % 2 == 0, bytes[0] == 0x5C, bytes[1] == 0x78 else { return nil }
        var data = Data(capacity: (length - 2) / 2)
        var index = 2
        while index < length {
            guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return nil }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }

    private static func hexValue(_ character: CChar) -> UInt8? {
        switch UInt8(bitPattern: character) {
        case 48...57: UInt8(bitPattern: character) - 48
        case 97...102: UInt8(bitPattern: character) - 87
        case 65...70: UInt8(bitPattern: character) - 55
        default: nil
        }
    }
}
