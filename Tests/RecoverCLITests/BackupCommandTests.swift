import Foundation
import Testing

/// `recover backup`, `recover backup verify` and `recover restore` on a data folder of demo data: the
/// messages and exit codes, and that bad input changes nothing.
@Suite struct BackupCommandTests {
    /// A new folder path under the temporary directory (not created).
    func temporaryFolder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appending(path: "recover-backup-cli-tests")
            .appending(path: "\(name)-\(UUID().uuidString)")
    }

    /// A data folder with a few synthetic participants, and a place beside it for archives.
    func demoFolder() throws -> URL {
        let folder = temporaryFolder("demo")
        let made = try CLIProcess.run(["demo-data", "--participants", "2", "--days", "3", "--data-dir", folder.path])
        #expect(made.status == 0, "\(made.stderr)")
        return folder
    }

    func beside(_ folder: URL, _ name: String) -> URL {
        folder.deletingLastPathComponent().appending(path: "\(folder.lastPathComponent)-\(name)")
    }

    func mode(_ url: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    }

    /// Runs GNU tar (for archives Recover would never write).
    func tar(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func backupVerifyAndRestoreRoundTripWithOwnerOnlyFiles() throws {
        let folder = try demoFolder()
        let archive = beside(folder, "backup.tar.gz")
        let backup = try CLIProcess.run(["backup", "--out", archive.path, "--data-dir", folder.path])
        #expect(backup.status == 0)
        #expect(backup.stdout.hasPrefix("wrote 2 files ("))
        #expect(try mode(archive) == 0o600)

        let verified = try CLIProcess.run(["backup", "verify", archive.path])
        #expect(verified.status == 0)
        #expect(verified.stdout.contains("database integrity ok"))

        let restored = beside(folder, "restored")
        let restore = try CLIProcess.run(["restore", archive.path, "--data-dir", restored.path])
        #expect(restore.status == 0)
        #expect(restore.stdout.hasPrefix("restored 2 files"))
        #expect(try mode(restored.appending(path: "signing-key")) == 0o600)
        #expect(try mode(restored) == 0o700)
        let keys = try [folder, restored].map { try CLIProcess.run(["consent", "public-key", "--data-dir", $0.path]) }
        #expect(keys[0].stdout == keys[1].stdout)

        let again = try CLIProcess.run(["restore", archive.path, "--data-dir", restored.path])
        #expect(again.status == 73)
        #expect(again.stderr.contains("is not empty"))
    }

    @Test func missingInputsExit66OrWithUsageAndCreateNothing() throws {
        let nowhere = temporaryFolder("missing")
        #expect(try CLIProcess.run(["backup"]).status == 64)
        #expect(try CLIProcess.run(["restore", "x.tar.gz"]).status == 64)
        let noFolder = try CLIProcess.run(["backup", "--out", nowhere.path + ".tar.gz", "--data-dir", nowhere.path])
        #expect(noFolder.status == 66)
        let noFile = try CLIProcess.run(["backup", "verify", nowhere.path + ".tar.gz"])
        #expect(noFile.status == 66)
        #expect(noFile.stderr.contains("no backup file"))
        let noRestore = try CLIProcess.run(["restore", nowhere.path + ".tar.gz", "--data-dir", nowhere.path])
        #expect(noRestore.status == 66)
        let onPostgres = try CLIProcess.run([
            "restore", nowhere.path + ".tar.gz", "--data-dir", nowhere.path, "--database", "postgresql://u:pw@h/db",
        ])
        #expect(onPostgres.status == 64)
        #expect(onPostgres.stderr.contains("recover database copy") && onPostgres.stderr.contains("pg_restore"))
        #expect(!onPostgres.stderr.contains("pw@"))
        #expect(!FileManager.default.fileExists(atPath: nowhere.path))
    }

    @Test func truncatedAndForeignFilesAreRefusedWithAClearMessageAndChangeNothing() throws {
        let folder = try demoFolder()
        let archive = beside(folder, "backup.tar.gz")
        #expect(try CLIProcess.run(["backup", "--out", archive.path, "--data-dir", folder.path]).status == 0)
        let bytes = try Data(contentsOf: archive)
        let truncated = beside(folder, "truncated.tar.gz")
        try bytes.prefix(bytes.count * 2 / 3).write(to: truncated)
        let foreign = beside(folder, "foreign.tar.gz")
        try Data("this is not an archive\n".utf8).write(to: foreign)
        for bad in [truncated, foreign] {
            let verified = try CLIProcess.run(["backup", "verify", bad.path])
            #expect(verified.status == 1)
            #expect(verified.stdout.hasPrefix("damaged: "))
            #expect(verified.stdout.contains("not a readable Recover backup"))
            let target = beside(folder, "target-\(UUID().uuidString)")
            let restore = try CLIProcess.run(["restore", bad.path, "--data-dir", target.path])
            #expect(restore.status == 65)
            #expect(!FileManager.default.fileExists(atPath: target.path))
        }
    }

    @Test func aTamperedFileOrAManifestPointingOutsideIsRefusedAndNothingIsWritten() throws {
        let folder = try demoFolder()
        let archive = beside(folder, "backup.tar.gz")
        #expect(try CLIProcess.run(["backup", "--out", archive.path, "--data-dir", folder.path]).status == 0)
        let unpacked = beside(folder, "unpacked")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        try tar(["-xzf", archive.path, "-C", unpacked.path])
        let members = ["manifest.json", "recover.sqlite", "signing-key"]

        let key = unpacked.appending(path: "signing-key")
        let original = try Data(contentsOf: key)
        try (original.prefix(original.count - 2) + Data("A\n".utf8)).write(to: key)
        let tampered = beside(folder, "tampered.tar.gz")
        try tar(["-czf", tampered.path, "-C", unpacked.path] + members)
        let verified = try CLIProcess.run(["backup", "verify", tampered.path])
        #expect(verified.status == 1)
        #expect(verified.stdout.contains("signing-key does not match its size and SHA-256"))
        #expect(!verified.stdout.contains("ed25519-seed"))
        try original.write(to: key)

        let manifestURL = unpacked.appending(path: "manifest.json")
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        for escape in ["../../escaped-key", "/tmp/escaped-key"] {
            try manifest.replacingOccurrences(of: "\"signing-key\"", with: "\"\(escape)\"")
                .write(to: manifestURL, atomically: true, encoding: .utf8)
            let evil = beside(folder, "evil.tar.gz")
            try tar(["-czf", evil.path, "-C", unpacked.path] + members)
            let target = beside(folder, "evil-target")
            let restore = try CLIProcess.run(["restore", evil.path, "--data-dir", target.path])
            #expect(restore.status == 65)
            #expect(restore.stderr.contains("unsafe path"))
            #expect(!FileManager.default.fileExists(atPath: target.path))
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/escaped-key"))
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.deletingLastPathComponent().appending(path: "escaped-key").path))
    }
}
