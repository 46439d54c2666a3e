import Foundation
import Testing

/// `recover demo-data` and `recover export`, run as processes on a fresh data folder.
@Suite struct ExportCommandTests {
    let folder: URL
    var dataDir: String { folder.appending(path: "data").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "export-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func seed() throws {
        let result = try CLIProcess.run(["demo-data", "--participants", "2", "--days", "5", "--data-dir", dataDir])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("added 2 synthetic participants"))
    }

    @Test func demoDataExportsAndVerifies() throws {
        try seed()
        for format in ["csv", "json", "fhir"] {
            let out = folder.appending(path: "out.\(format)")
            let result = try CLIProcess.run(["export", "--format", format, "--out", out.path, "--data-dir", dataDir])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: out.path))
        }
        let json = try Data(contentsOf: folder.appending(path: "out.json"))
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect((object?["participants"] as? [Any])?.count == 2)
        #expect(try CLIProcess.run(["audit", "verify", "--data-dir", dataDir]).stdout.hasPrefix("ok "))
        let consent = try CLIProcess.run(["consent", "verify", "--data-dir", dataDir])
        #expect(consent.status == 0 && consent.stdout.components(separatedBy: ": ok\n").count == 3)
    }

    @Test func badInputExitsNonZeroAndLeavesNoFile() throws {
        try seed()
        let out = folder.appending(path: "refused.csv")
        let cases: [([String], Int32)] = [
            (["--format", "xlsx"], 64), (["--format", "csv", "--to", "yesterday"], 64),
            (["--format", "csv", "--participant", "nobody"], 66),
        ]
        for (arguments, code) in cases {
            let result = try CLIProcess.run(["export"] + arguments + ["--out", out.path, "--data-dir", dataDir])
            #expect(result.status == code, "\(arguments)")
            #expect(result.stderr.hasPrefix("error: "))
        }
        let missing = try CLIProcess.run(
            ["export", "--format", "csv", "--out", out.path, "--data-dir", folder.appending(path: "none").path])
        #expect(missing.status == 66)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["data"])
        let again = try CLIProcess.run(["demo-data", "--participants", "1", "--days", "2", "--data-dir", dataDir])
        #expect(again.status == 65)
    }
}
