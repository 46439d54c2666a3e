import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `--signing-key FILE` keeps the key outside the data folder; a key inside it is warned about at start; the
/// server signs one audit checkpoint per day whatever the restarts.
@Suite struct SigningKeyOptionTests {
    let root: URL
    var data: URL { root.appending(path: "data") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "signing-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    private func storedCheckpoints(_ extra: [String] = []) throws -> String {
        let result = try CLIProcess.run(["audit", "verify", "--data-dir", data.path] + extra)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        return result.stdout.split(separator: "\n").first { $0.contains("stored checkpoints") }.map(String.init) ?? ""
    }

    private func waitForCheckpoints(_ count: Int, _ extra: [String] = []) throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if try storedCheckpoints(extra) == "ok \(count) stored checkpoints hold" { return true }
            usleep(200_000)
        }
        return false
    }

    @Test func aKeyInsideTheFolderIsWarnedAboutAndTheDailyCheckpointIsMadeOnce() throws {
        let server = LiveServer(folder: data)
        _ = try server.start()
        #expect(try waitForCheckpoints(1), "the first round, a second after start, signs today's checkpoint")
        #expect(server.errorOutput.contains("warning: the signing key is inside the data folder"))
        #expect(server.stop() == 0)
        _ = try server.start()
        sleep(3)
        #expect(try storedCheckpoints() == "ok 1 stored checkpoints hold", "a restart the same day makes none")
        #expect(server.stop() == 0)
    }

    @Test func aKeyOutsideTheFolderIsUsedAndNotWarnedAbout() throws {
        let key = root.appending(path: "keys/signing-key")
        try FileManager.default.createDirectory(
            at: key.deletingLastPathComponent(), withIntermediateDirectories: true)
        let server = LiveServer(folder: data)
        server.arguments = ["--signing-key", key.path]
        _ = try server.start()
        #expect(try waitForCheckpoints(1, ["--signing-key", key.path]))
        #expect(server.stop() == 0)
        #expect(!server.errorOutput.contains("warning: the signing key"))
        #expect(!FileManager.default.fileExists(atPath: data.appending(path: "signing-key").path))
        let mode = try FileManager.default.attributesOfItem(atPath: key.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let pinned = try CLIProcess.run(["consent", "public-key", "--signing-key", key.path, "--data-dir", data.path])
        #expect(pinned.status == 0)
        let fromEnvironment = try CLIProcess.run(
            ["consent", "public-key", "--data-dir", data.path], environment: ["RECOVER_SIGNING_KEY": key.path])
        #expect(fromEnvironment.stdout == pinned.stdout)
        let verified = try CLIProcess.run([
            "audit", "verify", "--signing-key", key.path, "--public-key",
            pinned.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "--data-dir", data.path,
        ])
        #expect(verified.status == 0, "\(verified.stdout)")

        let missing = try CLIProcess.run([
            "audit", "verify", "--signing-key", root.appending(path: "typo").path, "--data-dir", data.path,
        ])
        #expect(missing.status == 66 && missing.stderr.contains("no signing key at"))
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "typo").path))
    }
}
