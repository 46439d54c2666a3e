import CareSQLite
import Foundation
import RecoverData
import SQLite
import Testing

struct ConsentStoreTests {
    func record(id: String = "run-1", patientID: String = "p1") -> ConsentRecord {
        ConsentRecord(
            id: id, patientID: patientID, documentHTML: Data("<h1>Consent</h1>".utf8), documentVersion: "1.0",
            language: "en", printedName: "Ada Lovelace", signatureStrokes: Data("[[{\"x\":1,\"y\":2,\"t\":0}]]".utf8),
            signaturePNG: Data([0x89, 0x50, 0x4E, 0x47]), signedAt: Date(timeIntervalSince1970: 1_800_000_000.1234),
            utcOffset: "+08:00", timeZoneIdentifier: "Asia/Shanghai", signatureMeaning: "I agree.")
    }

    @Test func storedRecordRoundTripsWithItsHashesIntact() throws {
        let database = try StorageFixture().open(ConsentStore.schema.sqliteMigrations)
        let store = ConsentStore(database: database)
        let original = record()
        #expect(try store.add(original))
        let stored = try #require(try store.record(id: original.id))
        #expect(stored == original)
        #expect(stored.isIntact)
        #expect(stored.serverSignature == nil)
        #expect(stored.documentSHA256.count == 64)
        #expect(try store.records(patientID: "p1").map(\.id) == ["run-1"])
        #expect(try store.records(patientID: "p2").isEmpty)
    }

    @Test func addingTheSameIDTwiceStoresOnce() throws {
        let store = ConsentStore(database: try StorageFixture().open(ConsentStore.schema.sqliteMigrations))
        #expect(try store.add(record()))
        #expect(try !store.add(record()))
        #expect(try store.records(patientID: "p1").count == 1)
    }

    @Test func changingAnyBoundFieldBreaksTheBinding() {
        let original = record()
        var changes: [(String, (inout ConsentRecord) -> Void)] = [
            ("id", { $0.id = "run-2" }),
            ("patient", { $0.patientID = "p2" }),
            ("document", { $0.documentHTML = Data("<h1>Other</h1>".utf8) }),
            ("version", { $0.documentVersion = "2.0" }),
            ("language", { $0.language = "zh-Hans" }),
            ("name", { $0.printedName = "Someone Else" }),
            ("strokes", { $0.signatureStrokes = Data("[]".utf8) }),
            ("png", { $0.signaturePNG = Data([0]) }),
            ("time", { $0.signedAt = $0.signedAt.addingTimeInterval(1) }),
            ("offset", { $0.utcOffset = "+09:00" }),
            ("zone", { $0.timeZoneIdentifier = "Asia/Tokyo" }),
            ("meaning", { $0.signatureMeaning = "I witnessed." }),
        ]
        changes.append(("document hash", { $0.documentSHA256 = String(repeating: "0", count: 64) }))
        for (name, change) in changes {
            var tampered = original
            change(&tampered)
            #expect(!tampered.isIntact, "changing \(name) must break the binding")
        }
        var signed = original
        signed.serverSignature = Data([1, 2, 3])
        #expect(signed.isIntact, "the server signature is outside the binding")
    }

    @Test func tamperedRecordIsRefusedAndNothingIsStored() throws {
        let store = ConsentStore(database: try StorageFixture().open(ConsentStore.schema.sqliteMigrations))
        var tampered = record()
        tampered.printedName = "Mallory"
        #expect(throws: ConsentStoreError.self) { try store.add(tampered) }
        #expect(try store.records(patientID: "p1").isEmpty)
    }

    @Test func tamperingInTheDatabaseIsDetectedOnRead() throws {
        let database = try StorageFixture().open(ConsentStore.schema.sqliteMigrations)
        let store = ConsentStore(database: database)
        try store.add(record())
        try database.write { db in
            _ = try db.execute("UPDATE consent_record SET patient_id = ? WHERE id = ?", ["p2", "run-1"])
        }
        let moved = try #require(try store.record(id: "run-1"))
        #expect(!moved.isIntact)
    }
}
