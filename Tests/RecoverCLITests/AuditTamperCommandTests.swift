import Cryptography
import Foundation
import RecoverData
import SQLite
import Testing

/// An attacker with file access edits a copy of a data folder: `recover audit verify` (with a checkpoint and
/// the pinned key where the kind needs them) must notice each kind of change and exit 1.
@Suite(.serialized) struct AuditTamperCommandTests {
    let folder: URL
    var dataDir: String { folder.appending(path: "data").path }
    var databasePath: String { folder.appending(path: "data/recover.sqlite").path }
    var checkpointPath: String { folder.appending(path: "checkpoint.json").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "audit-tamper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Three synthetic participants, a checkpoint file and the pinned public key.
    private func seed() throws -> String {
        let demo = try CLIProcess.run(["demo-data", "--participants", "3", "--days", "4", "--data-dir", dataDir])
        #expect(demo.status == 0, "\(demo.stderr)")
        let checkpoint = try CLIProcess.run(["audit", "checkpoint", "--out", checkpointPath, "--data-dir", dataDir])
        #expect(checkpoint.status == 0, "\(checkpoint.stderr)")
        let key = try CLIProcess.run(["consent", "public-key", "--data-dir", dataDir])
        #expect(key.status == 0)
        return key.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func verify(_ pinned: String? = nil, checkpoint: Bool = true) throws -> CLIProcess.Result {
        var arguments = ["audit", "verify", "--data-dir", dataDir]
        if checkpoint { arguments += ["--checkpoint", checkpointPath] }
        if let pinned { arguments += ["--public-key", pinned] }
        return try CLIProcess.run(arguments)
    }

    /// Runs SQL with the sqlite3 tool, as someone with the file does.
    private func sqlite(_ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [databasePath, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 refused: \(sql)")
    }

    private func firstID(_ sql: String) throws -> String {
        let database = try Database.open(at: URL(fileURLWithPath: databasePath), migrations: [])
        return try #require(try database.read { db in try db.queryOne(sql)?.string("id") })
    }

    @Test func anEditedValueRecordIsNamed() throws {
        let pinned = try seed()
        let sequence = try firstID(
            """
            SELECT CAST(v.sequence AS TEXT) AS id FROM audit_value AS v
            JOIN audit_entry AS e ON e.sequence = v.sequence WHERE e.entity_type = 'care_outcome' LIMIT 1
            """)
        let entity = try firstID("SELECT entity_id AS id FROM audit_entry WHERE sequence = \(sequence)")
        // The attacker back-dates the kept values (the year in every time); the row and the chain stay intact.
        try sqlite(
            """
            DROP TRIGGER audit_value_no_update;
            UPDATE audit_value SET after_json = replace(after_json, '20', '19') WHERE sequence = \(sequence);
            """)
        let result = try verify(pinned)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("audit_value \(sequence) (care_outcome \(entity)): edited\n"), "\(result.stdout)")
        #expect(result.stdout.contains("broken: 1 value records differ from their entries\n"))
        #expect(result.stdout.contains(" records match the trail\n"), "the outcome itself is untouched")
    }

    @Test func anUntouchedFolderVerifiesAgainstItsCheckpointAndThePinnedKey() throws {
        let pinned = try seed()
        let result = try verify(pinned)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("key: the data folder's signing key is the pinned key "))
        #expect(result.stdout.contains(" records match the trail\n"))
        #expect(result.stdout.contains(" value records match their entries\n"))
        #expect(!result.stdout.contains("ok 0 value records"), "demo data keeps the values of its outcomes")
        #expect(result.stdout.contains("ok 3 consent signatures verify with the key\n"))
        #expect(result.stdout.contains("ok 4 stored checkpoints hold\n"), "3 made at signing, 1 by the command")
        #expect(result.stdout.contains("): holds\n"))
    }

    @Test func anOutcomeValueEditedInTheFileIsNamed() throws {
        let pinned = try seed()
        let id = try firstID("SELECT id FROM care_outcome WHERE values_json LIKE '%integer%' ORDER BY id LIMIT 1")
        try sqlite(
            "UPDATE care_outcome SET values_json = replace(values_json, '\"integer\":', '\"integer\":1') WHERE id = '\(id)'"
        )
        let result = try verify(pinned)
        #expect(result.status == 1)
        #expect(result.stdout.contains("care_outcome \(id): edited\n"))
        #expect(!result.stdout.contains("integer"), "no health data in the report")
    }

    @Test func aDeletedSurveyResultIsNamed() throws {
        let pinned = try seed()
        let id = try firstID("SELECT id FROM survey_result ORDER BY id LIMIT 1")
        try sqlite("DELETE FROM survey_result WHERE id = '\(id)'")
        let result = try verify(pinned)
        #expect(result.status == 1)
        #expect(result.stdout.contains("survey_result \(id): deleted\n"))
    }

    @Test func aDeletedConsentRecordIsNamedAfterItsTriggersAreDropped() throws {
        let pinned = try seed()
        let id = try firstID("SELECT id FROM consent_record ORDER BY id LIMIT 1")
        try sqlite(
            """
            DROP TRIGGER consent_record_no_delete; DROP TRIGGER consent_signature_no_delete;
            DELETE FROM consent_signature WHERE consent_id = '\(id)'; DELETE FROM consent_record WHERE id = '\(id)';
            """)
        let result = try verify(pinned)
        #expect(result.status == 1)
        #expect(result.stdout.contains("consent_record \(id): deleted\n"))
        #expect(result.stdout.contains("consent_signature \(id): deleted\n"))
    }

    @Test func aChainCutAtTheEndIsFoundAgainstTheCheckpoint() throws {
        let pinned = try seed()
        try sqlite(
            """
            DROP TRIGGER audit_entry_no_delete; DROP TRIGGER audit_checkpoint_no_delete;
            DELETE FROM audit_entry WHERE sequence > (SELECT max(sequence) - 3 FROM audit_entry);
            DELETE FROM audit_checkpoint;
            """)
        let result = try verify(pinned)
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix("key: ") && result.stdout.contains("\nok "), "the shorter chain itself is valid")
        #expect(result.stdout.contains("): the trail was cut: it has "))
    }

    /// Replaces the last entry with a forged one that chains correctly and describes an edited outcome.
    private func forgeLastEntry() throws -> String {
        let database = try Database.open(at: URL(fileURLWithPath: databasePath), migrations: [])
        let (last, previousHash, outcome) = try database.read { db in
            let last = try #require(try db.queryOne("SELECT max(sequence) AS s FROM audit_entry")?.int64("s"))
            let previous = try #require(
                try db.queryOne("SELECT entry_hash FROM audit_entry WHERE sequence = ?", [last - 1])?.string(
                    "entry_hash"))
            let outcome = try #require(try db.queryOne("SELECT id FROM care_outcome ORDER BY id LIMIT 1")?.string("id"))
            return (last, previous, outcome)
        }
        let fields: [String?] = [
            String(last), "2030-01-01T00:00:00.000Z", "system", "update", "care_outcome", outcome, nil,
            String(repeating: "a", count: 64), String(repeating: "b", count: 64), previousHash,
        ]
        let hash = Crypto.hex(Crypto.sha256(AuditEntry.canonicalText(fields)))
        try sqlite(
            """
            DROP TRIGGER audit_entry_no_delete; DELETE FROM audit_entry WHERE sequence = \(last);
            INSERT INTO audit_entry VALUES (\(last), '2030-01-01T00:00:00.000Z', 'system', 'update', 'care_outcome',
            '\(outcome)', NULL, '\(String(repeating: "a", count: 64))', '\(String(repeating: "b", count: 64))',
            '\(previousHash)', '\(hash)');
            """)
        return outcome
    }

    @Test func aForgedEntryWithACorrectChainIsFoundAgainstALaterCheckpoint() throws {
        let pinned = try seed()
        // The server goes on after the participant got the checkpoint: one more entry, then a later checkpoint.
        #expect(try CLIProcess.run(["invite", "--count", "1", "--data-dir", dataDir]).status == 0)
        let later = try CLIProcess.run(["audit", "checkpoint", "--out", checkpointPath, "--data-dir", dataDir])
        #expect(later.status == 0)
        try sqlite("DROP TRIGGER audit_checkpoint_no_delete; DELETE FROM audit_checkpoint;")
        let outcome = try forgeLastEntry()
        let result = try verify(pinned)
        #expect(result.status == 1)
        #expect(result.stdout.contains("\nok "), "the forged entry chains correctly")
        #expect(result.stdout.contains("): the trail was rewritten: the checkpoint's entry has another hash\n"))
        #expect(result.stdout.contains("care_outcome \(outcome): edited\n"), "its digest is not the row's")
    }

    @Test func aSwappedKeyWithReSignedRecordsIsFoundWithThePinnedKey() throws {
        let pinned = try seed()
        let keyFile = folder.appending(path: "data/signing-key")
        let forger = SigningKey.generate()
        try FileManager.default.removeItem(at: keyFile)
        try Data(("ed25519-seed:" + Data(forger.seed).base64EncodedString() + "\n").utf8).write(to: keyFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        // Re-sign every consent record with the new key, as the application would have.
        let database = try Database.open(at: URL(fileURLWithPath: databasePath), migrations: [])
        let rows = try database.read { db in
            try db.query("SELECT consent_id, signed_text FROM consent_signature").map {
                (try $0.string("consent_id"), try $0.string("signed_text"))
            }
        }
        let newID = SigningKey.keyID(of: forger.publicKey)
        var statements = [
            "DROP TRIGGER consent_record_no_update;", "DROP TRIGGER consent_signature_no_update;",
        ]
        for (id, text) in rows {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasPrefix("key\t") ? "key\t\(newID)" : String(line)
            }
            let resigned = lines.joined(separator: "\n")
            let signature = Crypto.hex(forger.sign(Array(resigned.utf8)))
            statements.append(
                "UPDATE consent_signature SET key_id = '\(newID)', signed_text = '\(resigned)', "
                    + "signature = X'\(signature)' WHERE consent_id = '\(id)';")
            statements.append("UPDATE consent_record SET server_signature = X'\(signature)' WHERE id = '\(id)';")
        }
        try sqlite(statements.joined(separator: "\n"))
        let consent = try CLIProcess.run(["consent", "verify", "--data-dir", dataDir])
        #expect(consent.status == 0, "without the pinned key the re-signed records pass")
        let pinnedConsent = try CLIProcess.run(["consent", "verify", "--public-key", pinned, "--data-dir", dataDir])
        #expect(pinnedConsent.status == 1)
        #expect(pinnedConsent.stdout.contains("is not the pinned key"))
        let result = try verify(pinned)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("key: the data folder's signing key (\(newID)) is not the pinned key"))
        #expect(result.stdout.contains("broken: 3 of 3 consent records do not verify with the key\n"))
    }

    @Test func aMalformedCheckpointOrKeyIsRefusedBeforeAnythingIsRead() throws {
        _ = try seed()
        try Data("{\"format\":\"recover-audit-checkpoint-v1\",\"entries\":-1}".utf8).write(
            to: URL(fileURLWithPath: checkpointPath))
        let bad = try verify()
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("entries"))
        let badKey = try CLIProcess.run(["audit", "verify", "--public-key", "not-a-key", "--data-dir", dataDir])
        #expect(badKey.status == 64)
    }
}

/// `recover consent verify --receipt FILE --public-key KEY`: offline, with no data folder.
@Suite struct ConsentReceiptCommandTests {
    @Test func aReceiptVerifiesOfflineAndOneChangedByteFails() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "receipt-cli-\(UUID().uuidString)")
        let dataDir = folder.appending(path: "data").path
        #expect(
            try CLIProcess.run(["demo-data", "--participants", "1", "--days", "2", "--data-dir", dataDir]).status == 0)
        let pinned = try CLIProcess.run(["consent", "public-key", "--data-dir", dataDir]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let storage = StudyStorage(try RecoverSchema.open(dataDirectory: URL(fileURLWithPath: dataDir)))
        let receipt = try storage.read { db in
            let row = try #require(try db.queryOne("SELECT id, patient_id FROM consent_record"))
            return try ConsentReceipt.json(
                recordID: try row.string("id"), participantID: try row.string("patient_id"),
                publicKey: try #require(ServerSigningKeyText.decode(pinned)), in: db)
        }
        let file = folder.appending(path: "consent-receipt.json")
        try #require(receipt).write(to: file)
        try FileManager.default.removeItem(atPath: dataDir)  // no database from here on

        let valid = try CLIProcess.run(["consent", "verify", "--receipt", file.path, "--public-key", pinned])
        #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
        #expect(valid.stdout.contains(": valid (signed by key "))

        var bytes = try Data(contentsOf: file)
        let name = try #require(bytes.range(of: Data("\"printed name\"".utf8)))
        let value = try #require(bytes.range(of: Data("\"text\" : \"".utf8), in: name.upperBound..<bytes.endIndex))
        bytes[value.upperBound] ^= 0x01
        try bytes.write(to: file)
        let changed = try CLIProcess.run(["consent", "verify", "--receipt", file.path, "--public-key", pinned])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("invalid: the server signature does not verify with the pinned key"))

        let other = Data(SigningKey.generate().publicKey).base64EncodedString()
        let wrongKey = try CLIProcess.run(["consent", "verify", "--receipt", file.path, "--public-key", other])
        #expect(wrongKey.status == 1 && wrongKey.stdout.contains("another public key"))
        let noKey = try CLIProcess.run(["consent", "verify", "--receipt", file.path])
        #expect(noKey.status == 64)
    }
}

/// The public key text as `recover consent public-key` prints it.
enum ServerSigningKeyText {
    static func decode(_ text: String) -> [UInt8]? {
        Data(base64Encoded: text).map { [UInt8]($0) }
    }
}
