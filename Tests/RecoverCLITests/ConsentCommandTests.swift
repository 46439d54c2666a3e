import Foundation
import Testing

/// `recover consent ...`, run as processes on a fresh data folder.
@Suite struct ConsentCommandTests {
    let folder: URL
    var dataDir: String { folder.appending(path: "data").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "consent-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test func publicKeyIsStableBase64OfThirtyTwoBytesAndTheKeyFileIsOwnerOnly() throws {
        #expect(try CLIProcess.run(["invite", "--data-dir", dataDir]).status == 0)
        let first = try CLIProcess.run(["consent", "public-key", "--data-dir", dataDir])
        #expect(first.status == 0)
        let text = first.stdout.trimmingCharacters(in: .newlines)
        #expect(Data(base64Encoded: text)?.count == 32)
        let second = try CLIProcess.run(["consent", "public-key", "--data-dir", dataDir])
        #expect(second.stdout == first.stdout)
        let mode = try FileManager.default.attributesOfItem(atPath: dataDir + "/signing-key")[.posixPermissions]
        #expect(mode as? Int == 0o600)
    }

    @Test func publicKeyOfAMissingFolderExits66() throws {
        let result = try CLIProcess.run(["consent", "public-key", "--data-dir", dataDir])
        #expect(result.status == 66)
        #expect(!FileManager.default.fileExists(atPath: dataDir))
    }
}
