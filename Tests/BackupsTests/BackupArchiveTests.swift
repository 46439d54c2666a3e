import Foundation
import SQLite
import Testing

@testable import Backups

@Suite struct BackupArchiveTests {
    @Test func aBackupListsEveryFileWithItsHashAndLeavesOutTheSpoolAndTheWAL() throws {
        let fixture = try BackupFixture()
        let archive = try fixture.backup()
        let entries = try fixture.entries(of: archive)
        #expect(
            entries.map(\.path) == ["manifest.json", "recover.sqlite", "signing-key", "files/12/3456", "files/ab/cdef"])
        let manifest = try BackupManifest.decode(entries[0].bytes)
        #expect(manifest.files.map(\.path) == Array(entries.dropFirst().map(\.path)))
        for (entry, listed) in zip(entries.dropFirst(), manifest.files) {
            var hash = SHA256Digest()
            hash.update(entry.bytes, count: entry.bytes.count)
            #expect(listed.sha256 == hash.finish())
            #expect(listed.size == Int64(entry.bytes.count))
        }
        let mode = try FileManager.default.attributesOfItem(atPath: archive.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path)
        #expect(leftovers.sorted() == ["backup.tar.gz", "data"])
    }

    @Test func aBackupIsNeverWrittenInsideTheFolderItCopies() throws {
        let fixture = try BackupFixture()
        for inside in ["backup.tar.gz", "files/backup.tar.gz"] {
            let error = try #require(throws: BackupError.self) {
                try BackupArchive.create(
                    of: fixture.folder, contents: BackupFixture.contents, database: fixture.database,
                    to: fixture.folder.appending(path: inside), creator: "tests")
            }
            #expect(error.description.contains("outside the folder"))
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.appending(path: "backup.tar.gz").path))
    }

    @Test func verifyAcceptsAFreshBackupAndRestoreRecreatesTheFolder() throws {
        let fixture = try BackupFixture()
        let archive = try fixture.backup()
        let manifest = try BackupArchive.verify(at: archive)
        #expect(manifest.files.count == 4)
        let target = fixture.url("restored")
        try BackupArchive.restore(from: archive, into: target)
        let names = try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
        #expect(names == ["files", "recover.sqlite", "signing-key"])
        #expect(
            FileManager.default.contents(atPath: target.appending(path: "files/ab/cdef").path)
                == Data("video bytes".utf8))
        let keyMode =
            try FileManager.default.attributesOfItem(atPath: target.appending(path: "signing-key").path)[
                .posixPermissions] as? Int
        #expect(keyMode == 0o600)
        let restored = try Database.open(at: target.appending(path: "recover.sqlite"), migrations: [])
        #expect(try restored.read { db in try db.queryOne("SELECT count(*) AS n FROM note")?.int("n") } == 200)
    }

    @Test func restoreRefusesAFolderThatIsNotEmptyAndChangesNothing() throws {
        let fixture = try BackupFixture()
        let archive = try fixture.backup()
        let target = fixture.url("occupied")
        try fixture.write("keep.txt", "mine", in: target)
        let error = try #require(throws: BackupError.self) { try BackupArchive.restore(from: archive, into: target) }
        #expect(error.code == .targetNotEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["keep.txt"])
        let orphan = fixture.url("no-parent/data")
        #expect(throws: BackupError.self) { try BackupArchive.restore(from: archive, into: orphan) }
        #expect(!FileManager.default.fileExists(atPath: fixture.url("no-parent").path))
    }

    @Test func aChangedByteIsAMismatchNamingTheFile() throws {
        let fixture = try BackupFixture()
        var entries = try fixture.entries(of: try fixture.backup())
        entries[3].bytes[0] ^= 0x01
        let tampered = try fixture.archive("tampered.tar.gz", entries: entries)
        let error = try #require(throws: BackupError.self) { try BackupArchive.verify(at: tampered) }
        #expect(error.code == .mismatch)
        #expect(error.description.contains("files/12/3456"))
        let target = fixture.url("never")
        #expect(throws: BackupError.self) { try BackupArchive.restore(from: tampered, into: target) }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func truncatedAndForeignFilesAreDamagedArchives() throws {
        let fixture = try BackupFixture()
        let archive = try fixture.backup()
        let bytes = try Data(contentsOf: archive)
        let truncated = fixture.url("truncated.tar.gz")
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        let garbage = fixture.url("garbage.tar.gz")
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: garbage)
        for file in [truncated, garbage] {
            let error = try #require(throws: BackupError.self) { try BackupArchive.verify(at: file) }
            #expect(error.code == .damagedArchive || error.code == .mismatch)
        }
        let missing = try #require(throws: BackupError.self) { try BackupArchive.verify(at: fixture.url("none")) }
        #expect(missing.code == .missingArchive)
    }

    @Test func manifestsNamingPathsOutsideTheFolderAreRefusedBeforeAnythingIsWritten() throws {
        let fixture = try BackupFixture()
        let database = Array(try Data(contentsOf: fixture.folder.appending(path: "recover.sqlite")))
        for path in ["../escape", "/tmp/escape", "files/../../escape", "files//x", "./x", "a\\b", "files/\u{1}"] {
            let files = [("recover.sqlite", database), (path, Array("boo".utf8))]
            let archive = try fixture.archive(
                "evil-\(UUID().uuidString).tar.gz",
                entries: [("manifest.json", BackupFixture.manifest(files))] + files)
            let target = fixture.url("target-\(UUID().uuidString)")
            let error = try #require(throws: BackupError.self) {
                try BackupArchive.restore(from: archive, into: target)
            }
            #expect(error.code == .badManifest)
            #expect(!FileManager.default.fileExists(atPath: target.path))
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: fixture.root.deletingLastPathComponent().appending(path: "escape").path))
    }

    @Test func anEntryTheManifestDoesNotListIsRefused() throws {
        let fixture = try BackupFixture()
        var entries = try fixture.entries(of: try fixture.backup())
        entries.append(("../../outside", Array("x".utf8)))
        let archive = try fixture.archive("extra.tar.gz", entries: entries)
        let error = try #require(throws: BackupError.self) { try BackupArchive.verify(at: archive) }
        #expect(error.code == .damagedArchive)
        #expect(!error.description.contains(".."))
    }

    @Test func aDatabaseThatFailsToOpenIsReported() throws {
        let fixture = try BackupFixture()
        let files = [("recover.sqlite", Array("not a database at all, but long enough to look like a file".utf8))]
        let archive = try fixture.archive(
            "nodb.tar.gz", entries: [("manifest.json", BackupFixture.manifest(files))] + files)
        let error = try #require(throws: BackupError.self) { try BackupArchive.verify(at: archive) }
        #expect(error.code == .damagedDatabase)
    }
}
