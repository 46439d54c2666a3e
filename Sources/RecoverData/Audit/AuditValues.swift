import Cryptography
import Foundation
import RowChanges
import SQLite

/// The stored values of one row at one side of a change, column by column, kept in `audit_value` beside the
/// entry of the change so an inspector can read what changed (21 CFR 11.10(e): a change must not obscure the
/// earlier value).
///
/// Kept for the participant-data tables listed in ``AuditedTable/valueTables`` only. The values rebuild the
/// row's canonical state exactly, so they hash to the entry's digest: ``AuditTrail/verifyValues(in:_:)``
/// finds a value record that was edited.
public struct AuditRowValues: Hashable, Sendable {
    /// Every column of the row and its stored value (a PostgreSQL instant as the SQLite core's text for it).
    public let columns: [String: DatabaseValue]

    /// The values `columns`.
    public init(columns: [String: DatabaseValue]) { self.columns = columns }

    init(_ values: [(column: String, value: DatabaseValue)]) {
        columns = Dictionary(values.map { ($0.column, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The text of a column, nil when it is NULL, absent or not text.
    public func text(_ column: String) -> String? {
        if case .text(let text) = columns[column] { return text }
        if case .blob(let data) = columns[column] { return String(data: data, encoding: .utf8) }
        return nil
    }

    /// SHA-256 (hex) of the canonical state of these values as a row of `table`: the entry's digest.
    public func digest(table: String) -> String {
        Crypto.hex(
            Crypto.sha256(
                RowReference.canonicalState(of: columns.map { (column: $0.key, value: $0.value) }, table: table)))
    }

    /// The JSON text stored: an object of column → `["n"]`, `["i", "<decimal>"]`,
    /// `["r", "<IEEE-754 bits, hex>"]`, `["t", "<text>"]` or `["b", "<base64>"]`, keys sorted by their UTF-8
    /// bytes. Numbers are written as text so no JSON reader can round them.
    ///
    /// Written directly as bytes (one per audited row change, inside the write transaction): the same text
    /// `JSONSerialization` wrote with sorted keys for the schema's column names, `/` escaped as it did.
    public var jsonText: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 * columns.count)
        bytes.append(UInt8(ascii: "{"))
        for (index, column) in columns.keys.sorted().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.appendJSONString(column, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(UInt8(ascii: "["))
            switch columns[column] ?? .null {
            case .null: Self.appendJSONString("n", to: &bytes)
            case .integer(let number): Self.appendPair("i", String(number), to: &bytes)
            case .real(let number): Self.appendPair("r", String(number.bitPattern, radix: 16), to: &bytes)
            case .text(let text): Self.appendPair("t", text, to: &bytes)
            case .blob(let data): Self.appendPair("b", data.base64EncodedString(), to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendPair(_ kind: String, _ value: String, to bytes: inout [UInt8]) {
        appendJSONString(kind, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendJSONString(value, to: &bytes)
    }

    /// `text` as a JSON string: quote, backslash and `/` escaped, control characters as `\n`-style or `\u00XX`
    /// escapes, everything else as its UTF-8 bytes.
    private static func appendJSONString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            let escaped: UInt8? =
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
                case 0x08: UInt8(ascii: "b")
                case 0x0C: UInt8(ascii: "f")
                case 0x0A: UInt8(ascii: "n")
                case 0x0D: UInt8(ascii: "r")
                case 0x09: UInt8(ascii: "t")
                case 0..<0x20: UInt8(ascii: "u")
                default: nil
                }
            guard let escaped else {
                bytes.append(byte)
                continue
            }
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(escaped)
            if escaped == UInt8(ascii: "u"), byte < 0x20 {
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The values read back from ``jsonText``; nil when the text is not that form.
    public init?(jsonText: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(jsonText.utf8)) as? [String: Any] else {
            return nil
        }
        var columns: [String: DatabaseValue] = [:]
        for (column, field) in object {
            guard let parts = field as? [String], let kind = parts.first else { return nil }
            switch (kind, parts.count) {
            case ("n", 1): columns[column] = .null
            case ("i", 2):
                guard let number = Int64(parts[1]) else { return nil }
                columns[column] = .integer(number)
            case ("r", 2):
                guard let bits = UInt64(parts[1], radix: 16) else { return nil }
                columns[column] = .real(Double(bitPattern: bits))
            case ("t", 2): columns[column] = .text(parts[1])
            case ("b", 2):
                guard let data = Data(base64Encoded: parts[1]) else { return nil }
                columns[column] = .blob(data)
            default: return nil
            }
        }
        self.columns = columns
    }
}

/// The values kept beside one audit entry: the row before and after the change (nil for none).
public struct AuditValues: Hashable, Sendable {
    /// The entry's sequence.
    public let sequence: Int64
    /// The row before the change; nil for a create.
    public let before: AuditRowValues?
    /// The row after the change; nil for a delete.
    public let after: AuditRowValues?

    /// Stores the values of the entry `sequence` inside the caller's transaction.
    static func store(
        sequence: Int64, before: AuditRowValues?, after: AuditRowValues?, in db: StoreConnection
    ) throws {
        _ = try db.execute(
            "INSERT INTO audit_value (sequence, before_json, after_json) VALUES (?, ?, ?)",
            [sequence, before?.jsonText, after?.jsonText])
    }

    /// The values kept for the entries of `entityType` `entityID`, oldest first.
    public static func forEntity(
        _ entityType: String, id entityID: String, in db: StoreConnection
    ) throws -> [AuditValues] {
        try db.query(
            """
            SELECT v.sequence AS sequence, v.before_json AS before_json, v.after_json AS after_json
            FROM audit_value AS v JOIN audit_entry AS e ON e.sequence = v.sequence
            WHERE e.entity_id = ? AND e.entity_type = ? ORDER BY v.sequence
            """, [entityID, entityType]
        ).map(AuditValues.init(row:))
    }

    /// The values kept for the entries of `sequences`.
    public static func forEntries(_ sequences: [Int64], in db: StoreConnection) throws -> [Int64: AuditValues] {
        var found: [Int64: AuditValues] = [:]
        for sequence in sequences {
            guard
                let row = try db.queryOne(
                    "SELECT sequence, before_json, after_json FROM audit_value WHERE sequence = ?", [sequence])
            else { continue }
            found[sequence] = try AuditValues(row: row)
        }
        return found
    }

    init(row: StoreRow) throws {
        sequence = try row.int64("sequence")
        let beforeText: String? = try row["before_json"]
        let afterText: String? = try row["after_json"]
        before = beforeText.flatMap(AuditRowValues.init(jsonText:))
        after = afterText.flatMap(AuditRowValues.init(jsonText:))
    }
}
