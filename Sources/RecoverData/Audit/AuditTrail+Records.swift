import Cryptography
import Foundation
import RowChanges
import SQLite

extension AuditTrail {
    /// Re-checks every live row of `tables` against the trail inside the caller's transaction, streaming
    /// (memory stays flat whatever the tables' size), and calls `report` with each row that differs:
    /// ``RecordDiscrepancy/Kind/edited`` when its digest is not its last entry's `after_digest`,
    /// ``RecordDiscrepancy/Kind/unrecorded`` when it has no entry, ``RecordDiscrepancy/Kind/deleted`` when
    /// its last entry says it exists but it does not. Returns the number of rows checked.
    ///
    /// This trusts the entries as stored: run ``verify(in:)`` for the chain, and compare with a signed
    /// checkpoint for entries rewritten or appended by someone holding the file.
    @discardableResult
    public static func verifyRecords(
        _ tables: [AuditedTable] = AuditedTable.participantData, in db: StoreConnection,
        _ report: (RecordDiscrepancy) throws -> Void
    ) throws -> Int {
        var checked = 0
        for table in tables {
            guard RowReference.isPlainIdentifier(table.name), RowReference.isPlainIdentifier(table.keyColumn) else {
                throw StoreMisuse("audited table and key column must be plain identifiers")
            }
            checked += try checkLiveRows(of: table, in: db, report)
            try findDeletedRows(of: table, in: db, report)
        }
        return checked
    }

    /// The name of the extra column the live-row query adds: the last entry's after digest, `-` for none.
    private static let lastAfterColumn = "recover_audit_last_after"

    /// Each live row with the `after_digest` of its last change entry beside it (one index look-up per row).
    private static func checkLiveRows(
        of table: AuditedTable, in db: StoreConnection, _ report: (RecordDiscrepancy) throws -> Void
    ) throws -> Int {
        var checked = 0
        let lastAfter = """
            (SELECT coalesce(e.after_digest, '-') FROM audit_entry AS e
             WHERE e.entity_id = t.\(table.keyColumn) AND e.entity_type = ? AND e.action <> 'read'
             ORDER BY e.sequence DESC LIMIT 1) AS \(lastAfterColumn)
            """
        try db.forEachRow("SELECT t.*, \(lastAfter) FROM \(table.name) AS t", [table.name]) { row in
            checked += 1
            let key = (try? row.string(table.keyColumn)) ?? "?"
            guard let recorded: String = try row[lastAfterColumn] else {
                return try report(RecordDiscrepancy(table: table.name, id: key, kind: .unrecorded))
            }
            if !matches(row, table: table, digest: recorded) {
                try report(RecordDiscrepancy(table: table.name, id: key, kind: .edited))
            }
        }
        return checked
    }

    /// Whether the row (without the added column) hashes to `digest`, with all its columns or, for an entry
    /// written before a later migration, without the later columns that are still NULL.
    private static func matches(_ row: StoreRow, table: AuditedTable, digest: String) -> Bool {
        let values = row.canonicalValues.filter { $0.column != lastAfterColumn }
        var dropped: Set<String> = []
        var candidates = [values]
        for column in table.laterColumns.reversed() {
            guard values.first(where: { $0.column == column })?.value == .null else { break }
            dropped.insert(column)
            candidates.append(values.filter { !dropped.contains($0.column) })
        }
        return candidates.contains { columns in
            Crypto.hex(Crypto.sha256(RowReference.canonicalState(of: columns, table: table.name))) == digest
        }
    }

    /// Entities whose last change entry leaves a row behind (an after digest) that is not there.
    private static func findDeletedRows(
        of table: AuditedTable, in db: StoreConnection, _ report: (RecordDiscrepancy) throws -> Void
    ) throws {
        try db.forEachRow(
            """
            SELECT e.entity_id AS entity_id FROM audit_entry AS e
            WHERE e.entity_type = ? AND e.action <> 'read' AND e.after_digest IS NOT NULL
            AND e.sequence = (SELECT max(x.sequence) FROM audit_entry AS x
                              WHERE x.entity_id = e.entity_id AND x.entity_type = e.entity_type AND x.action <> 'read')
            AND NOT EXISTS (SELECT 1 FROM \(table.name) AS t WHERE t.\(table.keyColumn) = e.entity_id)
            ORDER BY e.sequence
            """, [table.name]
        ) { row in
            try report(RecordDiscrepancy(table: table.name, id: try row.string("entity_id"), kind: .deleted))
        }
    }
}
