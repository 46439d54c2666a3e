import CareSQLite
import Cryptography
import Foundation
import RecoverData
import SQLite
import Testing

/// Someone with the database file changes the trail behind the application's back: verify must name the
/// first entry affected.
@Suite struct AuditTamperTests {
    /// The text fields of an entry in the order SQLite stores them in the record.
    static let textFields = [
        "recorded_at", "actor", "action", "entity_type", "entity_id", "participant_id", "before_digest",
        "after_digest", "previous_hash", "entry_hash",
    ]

    /// Three entries with distinctive values, written and closed (the WAL checkpointed into the file).
    /// Returns the audit table's root page (where three small entries live) and the stored texts of entry 2.
    private func writeTrail(_ fixture: StorageFixture) throws -> (pageRange: Range<Int>, second: [String]) {
        let database = try fixture.open()
        let actions: [AuditAction] = [.create, .update, .delete]
        try StudyStorage(database).write { db in
            for index in 1...3 {
                db.auditActor = "actor-000\(index)"
                try AuditTrail.append(
                    actions[index - 1], entityType: "type-000\(index)", entityID: "entity-000\(index)",
                    participantID: "participant-000\(index)", before: Crypto.sha256Hex("before-\(index)"),
                    after: Crypto.sha256Hex("after-\(index)"),
                    at: Date(timeIntervalSince1970: 1_925_000_000 + Double(index) * 86_400.001), in: db)
            }
        }
        let (root, pageSize, second) = try database.read { db in
            let root = try db.queryOne("SELECT rootpage FROM sqlite_master WHERE name = 'audit_entry'")?.int("rootpage")
            let size = try db.queryOne("PRAGMA page_size")?.int("page_size")
            let row = try #require(try db.queryOne("SELECT * FROM audit_entry WHERE sequence = 2"))
            return (root ?? 0, size ?? 0, try Self.textFields.map { try row.string($0) })
        }
        #expect(try AuditTrail(database: database).verify() == .ok(count: 3))
        return ((root - 1) * pageSize..<root * pageSize, second)
    }

    /// Changes one byte of `field` of entry 2 in the file itself.
    private func flipByte(of field: String, fixture: StorageFixture) throws {
        let (range, second) = try writeTrail(fixture)
        let wal = fixture.databaseURL.path + "-wal"
        let walSize = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        #expect(walSize == 0, "the database must be closed and checkpointed before editing the file")
        var bytes = try Data(contentsOf: fixture.databaseURL)
        let record = Array(second.joined().utf8)
        let page = Array(bytes[range])
        let start = try #require(Self.firstIndex(of: record, in: page), "entry 2 not found in the table page")
        let index = try #require(Self.textFields.firstIndex(of: field))
        let offset = second[..<index].reduce(0) { $0 + $1.utf8.count } + second[index].utf8.count / 2
        let position = range.lowerBound + start + offset
        bytes[position] = bytes[position] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        try bytes.write(to: fixture.databaseURL)
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { start in
            haystack[start..<start + needle.count].elementsEqual(needle)
        }
    }

    @Test(arguments: textFields)
    func changingOneByteOfAFieldInTheFileNamesTheEntry(field: String) throws {
        let fixture = StorageFixture()
        try flipByte(of: field, fixture: fixture)
        let result = try AuditTrail(database: try fixture.open()).verify()
        guard case .broken(let sequence, _) = result else {
            Issue.record("verify said \(result) after \(field) of entry 2 was changed")
            return
        }
        #expect(sequence == 2)
    }

    /// Drops the triggers, as someone with the file can, and runs `statements`.
    private func tamper(_ statements: [String]) throws -> AuditVerification {
        let fixture = StorageFixture()
        _ = try writeTrail(fixture)
        let database = try fixture.open()
        try database.write { db in
            try db.execute("DROP TRIGGER audit_entry_no_update")
            try db.execute("DROP TRIGGER audit_entry_no_delete")
            for statement in statements { try db.execute(statement) }
        }
        return try AuditTrail(database: database).verify()
    }

    @Test func deletingAnEntryIsNamed() throws {
        let result = try tamper(["DELETE FROM audit_entry WHERE sequence = 2"])
        #expect(result == .broken(sequence: 2, reason: "missing: the entry after 1 is 3"))
    }

    @Test func renumberingAnEntryIsNamed() throws {
        let result = try tamper(["UPDATE audit_entry SET sequence = 7 WHERE sequence = 2"])
        guard case .broken(let sequence, _) = result else {
            Issue.record("verify said \(result)")
            return
        }
        #expect(sequence == 2)
    }

    @Test func reorderingEntriesIsNamed() throws {
        // Swap the stored order of entries 2 and 3 (their rowids), leaving every entry intact.
        let result = try tamper([
            "UPDATE audit_entry SET rowid = 100 WHERE rowid = 2", "UPDATE audit_entry SET rowid = 2 WHERE rowid = 3",
            "UPDATE audit_entry SET rowid = 3 WHERE rowid = 100",
        ])
        guard case .broken(let sequence, _) = result else {
            Issue.record("verify said \(result)")
            return
        }
        #expect(sequence == 2)
    }

    @Test func rehashingAnAlteredEntryBreaksTheNextLink() throws {
        // The altered entry hashes correctly again, but the entry after it still names the old hash.
        let fixture = StorageFixture()
        _ = try writeTrail(fixture)
        let database = try fixture.open()
        let second = try #require(try AuditTrail(database: database).entries(afterSequence: 1, limit: 1).first)
        var forged = second
        forged.actor = "someone-else"
        forged.entryHash = forged.computedHash
        try database.write { db in
            try db.execute("DROP TRIGGER audit_entry_no_update")
            try db.execute(
                "UPDATE audit_entry SET actor = ?, entry_hash = ? WHERE sequence = 2", [forged.actor, forged.entryHash])
        }
        let result = try AuditTrail(database: database).verify()
        guard case .broken(let sequence, let reason) = result else {
            Issue.record("verify said \(result)")
            return
        }
        #expect(sequence == 3 && reason.contains("previous_hash"))
    }
}
