import CareSQLite
import Cryptography
import Foundation
import RecoverData
import SQLite
import Testing

/// Consent records signed by the server as they are stored, and what verification names when someone
/// changes a record behind the application's back.
@Suite struct ConsentSigningTests {
    let key = SigningKey.generate()
    let database: Database

    init() throws {
        database = try StorageFixture().open(
            ConsentStore.schema.sqliteMigrations + ConsentSigning.schema.sqliteMigrations)
    }

    static func record(id: String, patientID: String, name: String, png: [UInt8]) -> ConsentRecord {
        ConsentRecord(
            id: id, patientID: patientID, documentHTML: Data("<h1>Consent</h1><p>Knee study</p>".utf8),
            documentVersion: "1.0", language: "en", printedName: name,
            signatureStrokes: Data("[[{\"x\":1,\"y\":2,\"t\":0},{\"x\":\(png.count),\"y\":5,\"t\":9}]]".utf8),
            signaturePNG: Data(png), signedAt: Date(timeIntervalSince1970: 1_800_000_000.123), utcOffset: "+08:00",
            timeZoneIdentifier: "Asia/Shanghai", signatureMeaning: "I agree to take part.")
    }

    private func seed() throws {
        try StudyStorage(database).write { db in
            db.auditActor = "account:p-ada"
            try ConsentStore.add(
                Self.record(id: "c-ada", patientID: "p-ada", name: "Ada", png: [1, 2, 3]), signingKey: key, in: db)
        }
        try ConsentStore(database: database, signingKey: key).add(
            Self.record(id: "c-bob", patientID: "p-bob", name: "Bob", png: [9, 8, 7, 6]))
    }

    private func checks(participant: String? = nil) throws -> [String: ConsentCheck] {
        let publicKey = key.publicKey
        return try StudyStorage(database).read { db in
            var all: [String: ConsentCheck] = [:]
            try ConsentSigning.verify(publicKey: publicKey, participantID: participant, in: db) {
                all[$0.recordID] = $0
            }
            return all
        }
    }

    /// Changes the stored record with `sql` after dropping the append-only triggers, as someone with the file
    /// can: verification must catch it.
    private func tamper(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws {
        try database.write { db in
            for trigger in ["consent_record_no_update", "consent_signature_no_update"] {
                try db.execute("DROP TRIGGER IF EXISTS \(trigger)")
            }
            try db.execute(sql, arguments)
        }
    }

    @Test func consentRowsAreInsertedCompleteAndRefuseChangesInSQL() throws {
        try seed()
        let signature = try StudyStorage(database).read { db in
            try db.queryOne("SELECT signature FROM consent_signature WHERE consent_id = 'c-ada'")?.data("signature")
        }
        #expect(try ConsentStore(database: database).record(id: "c-ada")?.serverSignature == signature)
        let history = try AuditTrail(database: database).entries(entityType: "consent_signature", entityID: "c-ada")
        #expect(history.map(\.action) == [.create] && history.first?.actor == "account:p-ada")
        for statement in [
            "UPDATE consent_record SET printed_name = 'x'", "DELETE FROM consent_record",
            "UPDATE consent_signature SET key_id = 'x'", "DELETE FROM consent_signature",
        ] {
            #expect {
                try database.write { db in try db.execute(statement) }
            } throws: { error in
                (error as? DatabaseError)?.message.contains("append-only") ?? false
            }
        }
        #expect(try checks().values.allSatisfy(\.isOK))
    }

    @Test func storedRecordsAreSignedAndVerify() throws {
        try seed()
        let stored = try #require(try ConsentStore(database: database, signingKey: key).record(id: "c-ada"))
        #expect(stored.serverSignature?.count == 64)
        let result = try checks()
        #expect(result.count == 2 && result.values.allSatisfy(\.isOK))
        #expect(result["c-ada"]?.description == "consent c-ada participant p-ada: ok")
        #expect(try checks(participant: "p-bob").keys.sorted() == ["c-bob"])
        let audit = try AuditTrail(database: database).entries(entityType: "consent_record", entityID: "c-ada")
        #expect(audit.map(\.action) == [.create] && audit.first?.actor == "account:p-ada")
    }

    @Test func movingASignatureImageOrStrokesToAnotherRecordIsNamed() throws {
        try seed()
        try tamper(
            """
            UPDATE consent_record SET signature_png = (SELECT signature_png FROM consent_record WHERE id = 'c-bob'),
            signature_strokes = (SELECT signature_strokes FROM consent_record WHERE id = 'c-bob') WHERE id = 'c-ada'
            """)
        let result = try checks()
        #expect(result["c-ada"]?.problems.prefix(2) == ["signature strokes", "signature image"])
        #expect(result["c-bob"]?.isOK == true)
    }

    @Test(arguments: [
        ("printed_name", "printed name"), ("signed_at", "signed at"), ("signature_meaning", "signature meaning"),
        ("patient_id", "participant"), ("utc_offset", "UTC offset"),
    ])
    func editingASignedTextFieldIsNamed(column: String, name: String) throws {
        try seed()
        let value = column == "signed_at" ? "2027-01-15T09:30:00.123Z" : "changed"
        try tamper("UPDATE consent_record SET \(column) = ? WHERE id = 'c-ada'", [value])
        let check = try #require(try checks().values.first { $0.recordID == "c-ada" })
        #expect(check.problems.first == name)
        #expect(check.problems.contains("binding hash"))
    }

    @Test func editingTheDocumentIsNamedEvenWithItsHashRecomputed() throws {
        try seed()
        let document = Data("<h1>Consent</h1><p>Another study</p>".utf8)
        try tamper(
            "UPDATE consent_record SET document = ?, document_sha256 = ? WHERE id = 'c-ada'",
            [document, Crypto.hex(Crypto.sha256([UInt8](document)))])
        #expect(try checks()["c-ada"]?.problems.prefix(2) == ["document", "document hash"])
    }

    @Test func aForgedSignatureOrOneFromAnotherKeyFails() throws {
        try seed()
        let other = SigningKey.generate().sign(Array("anything".utf8))
        try tamper("UPDATE consent_signature SET signature = ? WHERE consent_id = 'c-ada'", [Data(other)])
        let problems = try #require(try checks()["c-ada"]?.problems)
        #expect(problems.first?.hasPrefix("server signature") == true)
    }

    @Test func aRecordStoredWithoutAKeyIsReportedUnsigned() throws {
        let plain = try StorageFixture().open(
            ConsentStore.schema.sqliteMigrations + ConsentSigning.schema.sqliteMigrations)
        try ConsentStore(database: plain).add(Self.record(id: "c-1", patientID: "p-1", name: "Cy", png: [1]))
        let publicKey = key.publicKey
        let problems = try StudyStorage(plain).read { db in
            var problems: [String] = []
            try ConsentSigning.verify(publicKey: publicKey, in: db) { problems += $0.problems }
            return problems
        }
        #expect(problems == ["not signed by the server"])
    }

    @Test func changingOneByteAnywhereInARecordIsDetected() throws {
        try seed()
        let columns = [
            "document", "document_sha256", "document_version", "language", "printed_name", "signature_strokes",
            "signature_png", "signed_at", "utc_offset", "time_zone", "signature_meaning", "binding_hash",
            "server_signature",
        ]
        for column in columns {
            let original = try database.read { db in
                try #require(try db.queryOne("SELECT \(column) AS v FROM consent_record WHERE id = 'c-ada'"))
                    .value("v")
            }
            let changed: DatabaseValue
            switch original {
            case .text(let text): changed = .text(String(text.dropLast()) + (text.hasSuffix("0") ? "1" : "0"))
            case .blob(let data):
                var bytes = [UInt8](data)
                bytes[bytes.count / 2] ^= 0x01
                changed = .blob(Data(bytes))
            default:
                Issue.record("unexpected storage of \(column)")
                continue
            }
            try tamper("UPDATE consent_record SET \(column) = ? WHERE id = 'c-ada'", [changed])
            #expect(try checks()["c-ada"]?.isOK == false, "a changed byte of \(column) went unnoticed")
            try tamper("UPDATE consent_record SET \(column) = ? WHERE id = 'c-ada'", [original])
            #expect(try checks()["c-ada"]?.isOK == true)
        }
    }
}
