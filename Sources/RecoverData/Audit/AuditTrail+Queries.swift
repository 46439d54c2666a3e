import Foundation
import SQLite

extension AuditTrail {
    static let columns = """
        sequence, recorded_at, actor, action, entity_type, entity_id, participant_id, before_digest, after_digest, \
        previous_hash, entry_hash
        """

    /// The entries about one record, newest first, inside the caller's transaction.
    public static func entries(
        entityType: String? = nil, entityID: String, limit: Int = 100, in db: StoreConnection
    ) throws -> [AuditEntry] {
        let rows =
            if let entityType {
                try db.query(
                    """
                    SELECT \(columns) FROM audit_entry WHERE entity_id = ? AND entity_type = ?
                    ORDER BY sequence DESC LIMIT ?
                    """, [entityID, entityType, limit])
            } else {
                try db.query(
                    "SELECT \(columns) FROM audit_entry WHERE entity_id = ? ORDER BY sequence DESC LIMIT ?",
                    [entityID, limit])
            }
        return try rows.map(AuditEntry.init(row:))
    }

    /// The entries about a participant's data, newest first, inside the caller's transaction.
    public static func entries(
        forParticipant participantID: String, actions: Set<AuditAction>? = nil, limit: Int = 100,
        beforeSequence: Int64? = nil, in db: StoreConnection
    ) throws -> [AuditEntry] {
        var entries: [AuditEntry] = []
        var cursor = beforeSequence ?? Int64.max
        // Filter by action in Swift, paging through the participant index, so a rare action costs no scan
        // of other participants' entries.
        while entries.count < limit {
            let rows = try db.query(
                """
                SELECT \(columns) FROM audit_entry WHERE participant_id = ? AND sequence < ?
                ORDER BY sequence DESC LIMIT ?
                """, [participantID, cursor, max(limit, 100)])
            for row in rows {
                let entry = try AuditEntry(row: row)
                cursor = entry.sequence
                if actions?.contains(entry.action) ?? true, entries.count < limit { entries.append(entry) }
            }
            if rows.count < max(limit, 100) { break }
        }
        return entries
    }

    /// One page of the entries about a participant's data, newest first (`offset` entries skipped), and how
    /// many entries there are in all, inside the caller's transaction.
    public static func page(
        forParticipant participantID: String, limit: Int, offset: Int, in db: StoreConnection
    ) throws -> (entries: [AuditEntry], total: Int) {
        let total =
            try db.queryOne("SELECT count(*) AS entries FROM audit_entry WHERE participant_id = ?", [participantID])?
            .int("entries") ?? 0
        let rows = try db.query(
            "SELECT \(columns) FROM audit_entry WHERE participant_id = ? ORDER BY sequence DESC LIMIT ? OFFSET ?",
            [participantID, limit, offset])
        return (try rows.map(AuditEntry.init(row:)), total)
    }

    /// Entries in trail order after `sequence`, inside the caller's transaction.
    public static func entries(
        afterSequence sequence: Int64 = 0, limit: Int = 100, in db: StoreConnection
    ) throws -> [AuditEntry] {
        try db.query(
            "SELECT \(columns) FROM audit_entry WHERE sequence > ? ORDER BY sequence LIMIT ?", [sequence, limit]
        ).map(AuditEntry.init(row:))
    }

    /// The number of entries, inside the caller's transaction.
    public static func count(in db: StoreConnection) throws -> Int {
        try db.queryOne("SELECT count(*) AS entries FROM audit_entry")?.int("entries") ?? 0
    }

    /// Calls `body` with every entry in trail order, inside the caller's transaction, one row at a time.
    public static func forEachEntry(in db: StoreConnection, _ body: (AuditEntry) throws -> Void) throws {
        try db.forEachRow("SELECT \(columns) FROM audit_entry ORDER BY sequence") { row in
            try body(try AuditEntry(row: row))
        }
    }
}

extension AuditEntry {
    init(row: StoreRow) throws {
        let action = try row.string("action")
        guard let auditAction = AuditAction(rawValue: action) else {
            throw RowDecodingError(column: "action", expected: "AuditAction", found: "TEXT")
        }
        sequence = try row.int64("sequence")
        // The text the entry's hash covers, on both databases.
        guard let recorded = DatabaseDate.date(from: try row.string("recorded_at")) else {
            throw RowDecodingError(column: "recorded_at", expected: "Date", found: "TEXT")
        }
        recordedAt = recorded
        actor = try row.string("actor")
        self.action = auditAction
        entityType = try row.string("entity_type")
        entityID = try row.string("entity_id")
        participantID = try row["participant_id"]
        beforeDigest = try row["before_digest"]
        afterDigest = try row["after_digest"]
        previousHash = try row.string("previous_hash")
        entryHash = try row.string("entry_hash")
    }
}
