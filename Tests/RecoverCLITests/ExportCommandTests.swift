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

    @Test func anExportIsAuditedAsAReadOfEachExportedParticipantByTheOperatorsUser() throws {
        try seed()
        let verify = try CLIProcess.run(["consent", "verify", "--data-dir", dataDir])
        let participants = verify.stdout.split(separator: "\n").map { String($0.split(separator: " ")[3].dropLast()) }
        try #require(participants.count == 2)
        let actor = "cli:export:\(ConsentPDFCommandTests.user)"
        let one = try CLIProcess.run(
            [
                "export", "--format", "csv", "--participant", participants[0], "--out",
                folder.appending(path: "one.csv").path,
                "--data-dir", dataDir,
            ])
        #expect(one.status == 0, "\(one.stderr)")
        let all = try CLIProcess.run(
            ["export", "--format", "fhir", "--out", folder.appending(path: "all.json").path, "--data-dir", dataDir])
        #expect(all.status == 0, "\(all.stderr)")

        let trail = folder.appending(path: "audit.jsonl")
        #expect(try CLIProcess.run(["audit", "export", "--out", trail.path, "--data-dir", dataDir]).status == 0)
        let exports = try String(contentsOf: trail, encoding: .utf8).split(separator: "\n").compactMap { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }.filter { $0["entity_type"] as? String == "study_export" }
        let seen = exports.map { entry in
            [entry["actor"], entry["action"], entry["entity_id"], entry["participant_id"]].map { "\($0 ?? "nil")" }
        }
        let expected: [[String]] = [
            [actor, "read", "csv", participants[0]], [actor, "read", "fhir", participants[0]],
            [actor, "read", "fhir", participants[1]], [actor, "read", "fhir", "<null>"],
        ]
        #expect(seen == expected)
        #expect(try CLIProcess.run(["audit", "verify", "--data-dir", dataDir]).status == 0)
    }
}
