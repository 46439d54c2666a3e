import Foundation

/// A value record (`audit_value`) that is not what its entry says. Names the entry and record only, never
/// the values.
public struct ValueDiscrepancy: Hashable, Sendable, CustomStringConvertible {
    /// How the value record differs.
    public enum Kind: String, Hashable, Sendable {
        /// The values do not hash to the entry's before or after digest (or cannot be read).
        case edited
        /// The value record has no entry of that sequence.
        case orphaned = "without entry"
        /// The entry of a change to a table that keeps values has no value record, though later entries
        /// than the first kept values.
        case missing
    }

    /// The entry's sequence.
    public let sequence: Int64
    /// The entry's table and id, when there is an entry.
    public let entity: String?
    /// What is wrong.
    public let kind: Kind

    /// `audit_value 12 (care_outcome o-1): edited`, as `recover audit verify` prints it.
    public var description: String {
        "audit_value \(sequence)\(entity.map { " (\($0))" } ?? ""): \(kind.rawValue)"
    }
}

extension AuditTrail {
    /// Re-checks every value record against its entry inside the caller's transaction, streaming: the
    /// canonical row state rebuilt from the stored before and after values must hash to the entry's
    /// `before_digest` and `after_digest`. Then finds changes to ``AuditedTable/valueTables`` after the first
    /// value record that have none. Returns the number of value records checked.
    @discardableResult
    public static func verifyValues(
        in db: StoreConnection, _ report: (ValueDiscrepancy) throws -> Void
    ) throws -> Int {
        var checked = 0
        try db.forEachRow(
            """
            SELECT v.sequence AS sequence, v.before_json AS before_json, v.after_json AS after_json,
            e.entity_type AS entity_type, e.entity_id AS entity_id,
            e.before_digest AS before_digest, e.after_digest AS after_digest
            FROM audit_value AS v LEFT JOIN audit_entry AS e ON e.sequence = v.sequence ORDER BY v.sequence
            """
        ) { row in
            checked += 1
            let sequence = try row.int64("sequence")
            guard let table: String = try row["entity_type"] else {
                return try report(ValueDiscrepancy(sequence: sequence, entity: nil, kind: .orphaned))
            }
            let entity = "\(table) \(try row.string("entity_id"))"
            let sides: [(json: String?, digest: String?)] = [
                (try row["before_json"], try row["before_digest"]), (try row["after_json"], try row["after_digest"]),
            ]
            let intact = sides.allSatisfy { side in
                guard let json = side.json else { return side.digest == nil }
                return AuditRowValues(jsonText: json)?.digest(table: table) == side.digest
            }
            if !intact { try report(ValueDiscrepancy(sequence: sequence, entity: entity, kind: .edited)) }
        }
        let tables = AuditedTable.valueTables.sorted()
        let placeholders = tables.map { _ in "?" }.joined(separator: ", ")
        try db.forEachRow(
            """
            SELECT e.sequence AS sequence, e.entity_type AS entity_type, e.entity_id AS entity_id
            FROM audit_entry AS e
            WHERE e.entity_type IN (\(placeholders)) AND e.action <> 'read'
            AND e.sequence > (SELECT min(sequence) FROM audit_value)
            AND NOT EXISTS (SELECT 1 FROM audit_value AS v WHERE v.sequence = e.sequence)
            ORDER BY e.sequence
            """, tables
        ) { row in
            let entity = "\(try row.string("entity_type")) \(try row.string("entity_id"))"
            try report(ValueDiscrepancy(sequence: try row.int64("sequence"), entity: entity, kind: .missing))
        }
        return checked
    }
}
