import Foundation
import Testing

/// `recover backup` beside the real running server, with participants writing over HTTP.
@Suite(.serialized) struct BackupUnderLoadTests {
    /// A running server over a new data folder, with `participants` threads writing.
    func servedFolder(_ name: String, participants: Int) throws -> (URL, LiveServer, StudyLoad) {
        let folder = LiveServer.temporaryFolder(name)
        let load = StudyLoad(invitations: try StudyLoad.invitations(80, in: folder))
        let server = LiveServer(folder: folder)
        let port = try server.start()
        load.port.withLock { $0 = port }
        load.start(participants: participants)
        return (folder, server, load)
    }

    func run(_ arguments: [String]) throws -> CLIProcess.Result {
        try CLIProcess.run(arguments)
    }

    /// An export of `folder` as text; the JSON export's own time stamp is blanked (it says when it ran).
    func export(_ format: String, of folder: URL) throws -> String {
        let out = folder.deletingLastPathComponent().appending(path: "\(folder.lastPathComponent)-export.\(format)")
        let result = try run(["export", "--format", format, "--out", out.path, "--data-dir", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: out, encoding: .utf8)
        return text.replacingOccurrences(
            of: #""exportedAt":"[^"]*""#, with: #""exportedAt":"""#, options: .regularExpression)
    }

    @Test func aBackupOfTheRunningServerAfterWritesStopRestoresToIdenticalExports() throws {
        let (folder, server, load) = try servedFolder("backup-quiet", participants: 4)
        defer { server.stop() }
        load.wait { $0.checkins.count >= 3 }
        load.stop()  // writes stop; the server keeps running while it is backed up
        let archive = folder.deletingLastPathComponent().appending(path: "\(folder.lastPathComponent).tar.gz")
        let backup = try run(["backup", "--out", archive.path, "--data-dir", folder.path])
        #expect(backup.status == 0, "\(backup.stderr)")
        let verified = try run(["backup", "verify", archive.path])
        #expect(verified.status == 0)
        #expect(verified.stdout.hasPrefix("ok "))
        let restored = LiveServer.temporaryFolder("restored-quiet")
        let restore = try run(["restore", archive.path, "--data-dir", restored.path])
        #expect(restore.status == 0, "\(restore.stderr)")

        #expect(load.snapshot.checkins.count >= 3)
        #expect(try load.snapshot.missing(in: restored) == [])
        for format in ["csv", "json"] {
            let original = try export(format, of: folder)
            #expect(original.count > 100)
            #expect(try export(format, of: restored) == original, "the \(format) exports differ")
        }
        let audit = try run(["audit", "verify", "--data-dir", restored.path])
        #expect(audit.status == 0)
        #expect(audit.stdout.hasPrefix("ok "))
        #expect(load.unexpectedAnswers == [])
    }

    @Test func aBackupDuringWritesIsAVerifiableCopyWithEveryEarlierAcknowledgedWriteAndAnIntactAuditChain() throws {
        let (folder, server, load) = try servedFolder("backup-busy", participants: 6)
        defer { server.stop() }
        load.wait { $0.checkins.count >= 2 }
        let acknowledgedBefore = load.snapshot
        let archive = folder.deletingLastPathComponent().appending(path: "\(folder.lastPathComponent).tar.gz")
        let backup = try run(["backup", "--out", archive.path, "--data-dir", folder.path])
        // The participants go on writing through the backup: on a loaded machine the backup can be quicker
        // than the next acknowledged write, so wait for one rather than require it inside the window.
        load.wait(atMost: 30) { $0.count > acknowledgedBefore.count }
        let acknowledgedAfter = load.snapshot
        load.stop()
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(acknowledgedAfter.count > acknowledgedBefore.count, "the server stopped acknowledging writes")

        let verified = try run(["backup", "verify", archive.path])
        #expect(verified.status == 0, "\(verified.stdout)")
        let restored = LiveServer.temporaryFolder("restored-busy")
        #expect(try run(["restore", archive.path, "--data-dir", restored.path]).status == 0)
        #expect(try acknowledgedBefore.missing(in: restored) == [])
        let audit = try run(["audit", "verify", "--data-dir", restored.path])
        #expect(audit.status == 0, "\(audit.stdout)")
        #expect(try run(["consent", "verify", "--data-dir", restored.path]).status == 0)
        #expect(try export("json", of: restored).contains("\"participants\":[{"))
        #expect(load.unexpectedAnswers == [])
    }
}
