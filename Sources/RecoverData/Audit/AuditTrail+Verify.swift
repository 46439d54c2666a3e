import Foundation
import Postgres
import SQLite

extension AuditTrail {
    /// Recomputes the chain inside the caller's transaction, streaming one entry at a time.
    ///
    /// Entries are read in storage order and must carry the sequence numbers 1, 2, 3... with no gap, each
    /// `previous_hash` equal to the `entry_hash` before it, and each `entry_hash` equal to the hash of its own
    /// fields. So an edited field, a removed entry and a reordering all break the chain at the first entry
    /// affected. Entries removed from the end leave a valid, shorter chain: compare `count` with an exported
    /// copy to catch that.
    public static func verify(in db: StoreConnection) throws -> AuditVerification {
        var checker = ChainChecker()
        do {
            // SQLite's storage order shows a reordering; PostgreSQL has no stable one, so sequence order there.
            let order = db.dialect.storageOrder(or: "sequence")
            try db.forEachRow("SELECT \(columns) FROM audit_entry ORDER BY \(order)") { row in
                if checker.failure == nil { checker.check(row) }
            }
        } catch let error as DatabaseError {
            return .broken(
                sequence: checker.expectedSequence,
                reason: "the entries from here on cannot be read (\(error.code.name): \(error.message))")
        } catch let error as PostgresError {
            return .broken(
                sequence: checker.expectedSequence, reason: "the entries from here on cannot be read (\(error))")
        }
        return checker.failure ?? .ok(count: checker.count)
    }
}

/// The running state of a chain verification.
private struct ChainChecker {
    var expectedSequence: Int64 = 1
    var previousHash = AuditEntry.genesisHash
    var count = 0
    var failure: AuditVerification?

    private static let textFields = [
        "recorded_at", "actor", "action", "entity_type", "entity_id", "participant_id", "before_digest",
        "after_digest", "previous_hash", "entry_hash",
    ]
    private static let nullable: Set<String> = ["participant_id", "before_digest", "after_digest"]

    mutating func check(_ row: StoreRow) {
        guard case .integer(let sequence) = (try? row.canonicalValue("sequence")) ?? .null else {
            return fail(expectedSequence, "the sequence number is not an integer")
        }
        if sequence != expectedSequence {
            if sequence > expectedSequence {
                return fail(expectedSequence, "missing: the entry after \(expectedSequence - 1) is \(sequence)")
            }
            return fail(sequence, "out of order: found after entry \(expectedSequence - 1)")
        }
        var fields: [String: String?] = [:]
        for name in Self.textFields {
            switch (try? row.canonicalValue(name)) ?? .blob(.init()) {
            case .text(let text): fields[name] = .some(text)
            case .null where Self.nullable.contains(name): fields[name] = .some(nil)
            default: return fail(sequence, "field \(name) has the wrong type")
            }
        }
        let value = { (name: String) -> String? in fields[name] ?? nil }
        if AuditAction(rawValue: value("action") ?? "") == nil {
            return fail(sequence, "field action is not create, update, delete or read")
        }
        if value("previous_hash") != previousHash {
            return fail(sequence, "previous_hash does not match the entry before (the chain was cut or reordered)")
        }
        let hashed: [String?] =
            [String(sequence)]
            + [
                "recorded_at", "actor", "action", "entity_type", "entity_id", "participant_id", "before_digest",
                "after_digest", "previous_hash",
            ].map(value)
        guard let stored = value("entry_hash"), AuditEntry.hash(of: hashed) == stored else {
            return fail(sequence, "entry_hash does not match the entry's fields (the entry was altered)")
        }
        previousHash = stored
        expectedSequence += 1
        count += 1
    }

    private mutating func fail(_ sequence: Int64, _ reason: String) {
        failure = .broken(sequence: sequence, reason: reason)
    }
}
