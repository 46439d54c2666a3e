import CareSQLite
import Foundation
import RecoverData
import SQLite
import Testing

/// The chain itself: appending, reading back, refusing changes at the SQL level, verifying.
@Suite struct AuditTrailTests {
    private func appendSample(_ count: Int, to database: Database) throws {
        try StudyStorage(database).write { db in
            db.auditActor = "account:staff-1"
            for index in 1...count {
                try AuditTrail.append(
                    .update, entityType: "care_outcome", entityID: "o-\(index)", participantID: "p-\(index % 2)",
                    before: String(repeating: "a", count: 64), after: String(repeating: "b", count: 64), in: db)
            }
        }
    }

    @Test func entriesAreNumberedFromOneAndEachHashesTheOneBefore() throws {
        let database = try StorageFixture().open()
        try appendSample(3, to: database)
        let entries = try AuditTrail(database: database).entries(afterSequence: 0, limit: 10)
        #expect(entries.map(\.sequence) == [1, 2, 3])
        #expect(entries[0].previousHash == AuditEntry.genesisHash)
        #expect(entries[1].previousHash == entries[0].entryHash)
        #expect(entries[2].previousHash == entries[1].entryHash)
        #expect(entries.allSatisfy { $0.entryHash == $0.computedHash && $0.actor == "account:staff-1" })
        #expect(try AuditTrail(database: database).verify() == .ok(count: 3))
    }

    @Test func anEmptyTrailVerifies() throws {
        #expect(try AuditTrail(database: try StorageFixture().open()).verify() == .ok(count: 0))
    }

    @Test func updatesAndDeletesOfEntriesAreRefusedBySQLite() throws {
        let database = try StorageFixture().open()
        try appendSample(2, to: database)
        for statement in [
            "UPDATE audit_entry SET actor = 'someone else'", "DELETE FROM audit_entry WHERE sequence = 1",
        ] {
            #expect {
                try database.write { db in try db.execute(statement) }
            } throws: { error in
                (error as? DatabaseError)?.message.contains("append-only") ?? false
            }
        }
        #expect(try AuditTrail(database: database).verify() == .ok(count: 2))
    }

    @Test func theActorIsResetForEveryWrite() throws {
        let database = try StorageFixture().open()
        try appendSample(1, to: database)
        try StudyStorage(database).write { db in
            try AuditTrail.append(
                .create, entityType: "account", entityID: "a-1", participantID: "a-1", before: nil, after: nil, in: db)
        }
        #expect(try AuditTrail(database: database).entries(entityID: "a-1").map(\.actor) == ["system"])
    }

    @Test func participantLogListsChangesAndReadsNewestFirst() throws {
        let database = try StorageFixture().open()
        let trail = AuditTrail(database: database)
        try appendSample(4, to: database)
        try trail.recordRead(
            actor: "account:researcher-1", of: AuditedRow(table: "account", key: "p-1"), participantID: "p-1")
        let log = try trail.entries(forParticipant: "p-1")
        #expect(log.map(\.sequence) == [5, 3, 1])
        #expect(log.first?.action == .read && log.first?.actor == "account:researcher-1")
        #expect(try trail.entries(forParticipant: "p-1", actions: [.read]).map(\.sequence) == [5])
        #expect(try trail.entries(forParticipant: "p-1", limit: 1, beforeSequence: 5).map(\.sequence) == [3])
        #expect(try trail.verify() == .ok(count: 5))
    }

    @Test func jsonFormRoundTripsAndUsesTheColumnNames() throws {
        let database = try StorageFixture().open()
        try appendSample(1, to: database)
        let entry = try #require(try AuditTrail(database: database).entries(afterSequence: 0).first)
        let json = try JSONEncoder().encode(entry)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(
            Set(object.keys).isSuperset(of: ["sequence", "recorded_at", "entity_id", "previous_hash", "entry_hash"]))
        #expect(try JSONDecoder().decode(AuditEntry.self, from: json) == entry)
    }

    @Test func aLongTrailVerifiesInOnePass() throws {
        let database = try StorageFixture().open()
        try appendSample(2000, to: database)
        #expect(try AuditTrail(database: database).verify() == .ok(count: 2000))
        var seen = 0
        try AuditTrail(database: database).forEachEntry { _ in seen += 1 }
        #expect(seen == 2000)
    }
}
