import Foundation
import Testing

/// `recover consent publish` and `recover consent documents`, run as processes on a demo data folder.
@Suite struct ConsentPublishCommandTests {
    let folder: URL
    var dataDir: String { folder.appending(path: "data").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "consent-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let seeded = try CLIProcess.run(["demo-data", "--participants", "1", "--days", "2", "--data-dir", dataDir])
        #expect(seeded.status == 0, "\(seeded.stderr)")
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appending(path: name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func aNewVersionIsPublishedOnceAndListed() throws {
        _ = try write("p11.en.html", "<!DOCTYPE html><html lang=\"en\"><body><p>Version 1.1</p></body></html>")
        let file = try write(
            "p11.json",
            """
            {"document": "participation", "version": "1.1", "required": true, "languages": {
              "en": {"title": "Taking part", "htmlFile": "p11.en.html", "signatureMeaning": "I agree to 1.1."},
              "zh-Hans": {"title": "参与研究", "html": "<p>1.1 版</p>", "signatureMeaning": "我同意 1.1 版。"}}}
            """)
        let dry = try CLIProcess.run(["consent", "publish", file, "--dry-run", "--data-dir", dataDir])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.hasPrefix("Would publish participation 1.1 (required), replaces version 1.0"))
        #expect(!(try CLIProcess.run(["consent", "documents", "--data-dir", dataDir]).stdout.contains("1.1")))

        let published = try CLIProcess.run(["consent", "publish", file, "--data-dir", dataDir])
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.stdout.contains("asked to sign it before their tasks"))
        let listed = try CLIProcess.run(["consent", "documents", "--data-dir", dataDir])
        #expect(listed.stdout.contains("participation 1.0 required, from"))
        #expect(listed.stdout.contains("participation 1.1 required (current), from"))
        #expect(listed.stdout.contains("video-sharing 1.0 optional (current)"))

        let again = try CLIProcess.run(["consent", "publish", file, "--data-dir", dataDir])
        #expect(again.status == 65)
        #expect(again.stderr.contains("version: participation 1.1 is already published"))
        // The publication is in the audit trail, which still verifies.
        #expect(try CLIProcess.run(["audit", "verify", "--data-dir", dataDir]).status == 0)
    }

    @Test func aBadFileIsRefusedWithEveryProblemAndNothingChanges() throws {
        let before = try CLIProcess.run(["consent", "documents", "--data-dir", dataDir]).stdout
        let file = try write(
            "bad.json", #"{"document": "participation", "version": "2.0", "languages": {"en": {"title": ""}}}"#)
        let refused = try CLIProcess.run(["consent", "publish", file, "--data-dir", dataDir])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("required: missing (true or false)"))
        #expect(refused.stderr.contains("languages.en.signatureMeaning: missing"))
        #expect(refused.stderr.contains("languages.en.html: missing (give html or htmlFile)"))
        let incomplete = try write(
            "incomplete.json",
            #"{"document": "participation", "version": "2.0", "required": true, "languages": {"en": {"title": "T", "html": "<p>x</p>", "signatureMeaning": "M"}}}"#
        )
        let missing = try CLIProcess.run(["consent", "publish", incomplete, "--data-dir", dataDir])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("languages.zh-Hans: missing (the study offers it)"))
        #expect(try CLIProcess.run(["consent", "publish", "/no/such.json", "--data-dir", dataDir]).status == 66)
        #expect(try CLIProcess.run(["consent", "publish", "--data-dir", dataDir]).status == 64)
        #expect(try CLIProcess.run(["consent", "documents", "--data-dir", dataDir]).stdout == before)
    }

    @Test func exportsSayWhatTheyLeftOut() throws {
        let out = folder.appending(path: "out.json")
        let result = try CLIProcess.run([
            "export", "--format", "json", "--out", out.path, "--without-current-consent", "exclude", "--data-dir",
            dataDir,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "(data after withdrawal: excluded; participants without the current consent version: excluded)"))
        let bad = try CLIProcess.run([
            "export", "--format", "json", "--out", out.path, "--after-withdrawal", "maybe", "--data-dir", dataDir,
        ])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--after-withdrawal must be include or exclude, got 'maybe'"))
    }
}
