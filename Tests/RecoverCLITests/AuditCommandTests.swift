import Foundation
import Testing

/// `recover audit verify` and `recover audit export`, run as processes on a fresh data folder.
@Suite struct AuditCommandTests {
    let folder: URL
    var dataDir: String { folder.appending(path: "data").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "audit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A data folder with three invitations, each one audit entry.
    private func seed() throws {
        let result = try CLIProcess.run(["invite", "--count", "3", "--data-dir", dataDir])
        #expect(result.status == 0, "\(result.stderr)")
    }

    private func sqlite(_ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [folder.appending(path: "data/recover.sqlite").path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func verifyPrintsOkWithTheCount() throws {
        try seed()
        let result = try CLIProcess.run(["audit", "verify", "--data-dir", dataDir])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("ok 3 entries\nok 0 records match the trail\n"))
    }

    @Test func verifyNamesTheFirstTamperedEntryAndExitsOne() throws {
        try seed()
        try sqlite("DROP TRIGGER audit_entry_no_update; UPDATE audit_entry SET actor = 'mallory' WHERE sequence = 2;")
        let result = try CLIProcess.run(["audit", "verify", "--data-dir", dataDir])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("broken at entry 2: "))
    }

    @Test func exportWritesOneJSONObjectPerEntry() throws {
        try seed()
        let out = folder.appending(path: "audit.jsonl")
        let result = try CLIProcess.run(["audit", "export", "--out", out.path, "--data-dir", dataDir])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(first?["sequence"] as? Int == 1)
        #expect(first?["entity_type"] as? String == "invitation")
        #expect((first?["entry_hash"] as? String)?.count == 64)
    }

    @Test func aMissingDataFolderExits66AndWritesNothing() throws {
        let out = folder.appending(path: "audit.jsonl")
        let result = try CLIProcess.run(["audit", "export", "--out", out.path, "--data-dir", dataDir])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no data folder"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(!FileManager.default.fileExists(atPath: dataDir))
    }

    @Test func aFolderThatIsNotRecoversIsRefused() throws {
        try FileManager.default.createDirectory(atPath: dataDir, withIntermediateDirectories: true)
        try Data("not a database".utf8).write(to: folder.appending(path: "data/recover.sqlite"))
        let result = try CLIProcess.run(["audit", "verify", "--data-dir", dataDir])
        #expect(result.status == 65)
        #expect(result.stderr.contains("not a Recover database"))
    }

    @Test func anUnwritableOutputExits73() throws {
        try seed()
        let out = folder.appending(path: "missing/audit.jsonl")
        let result = try CLIProcess.run(["audit", "export", "--out", out.path, "--data-dir", dataDir])
        #expect(result.status == 73)
        #expect(result.stderr.contains("folder does not exist"))
    }
}
