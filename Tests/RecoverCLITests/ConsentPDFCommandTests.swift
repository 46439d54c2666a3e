import Foundation
import PDFTestSupport
import PostgresTestSupport
import Testing

/// `recover consent pdf`, run as a process on demo studies in SQLite and in PostgreSQL.
@Suite struct ConsentPDFCommandTests {
    let folder = LiveServer.temporaryFolder("consent-pdf")

    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

    /// The operator's user name as the audit trail names it.
    static var user: String {
        getpwuid(geteuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "uid\(geteuid())"
    }

    /// Each signed record as (record id, participant id), from `consent verify`.
    func records(_ location: [String]) throws -> [(record: String, participant: String)] {
        let verify = try CLIProcess.run(["consent", "verify"] + location)
        try #require(verify.status == 0, "\(verify.stderr)")
        return verify.stdout.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 4, words[0] == "consent" else { return nil }
            return (String(words[1]), String(words[3].dropLast()))
        }
    }

    func writesTheRecordAndRefusesWhatIsNotThere(_ location: [String]) throws {
        let demo = try CLIProcess.run(["demo-data", "--participants", "2", "--days", "2"] + location)
        try #require(demo.status == 0, "\(demo.stderr)")
        let signed = try records(location)
        try #require(signed.count == 2)
        let (record, participant) = signed[0]
        let out = folder.appending(path: "consent.pdf")
        let written = try CLIProcess.run(
            ["consent", "pdf", "--participant", participant, "--out", out.path] + location)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.hasPrefix("wrote consent record \(record) ("))
        let text = try PDFText.words(of: Data(contentsOf: out))
        #expect(text.contains("Recover Study Informed Consent Form"))
        #expect(text.contains("This study evaluates the effect of physical therapy on recovery after knee surgery."))
        #expect(text.contains("Document version 1.0"))
        #expect(text.contains("Record \(record)"))
        #expect(text.contains("Server key id"))

        let chosen = folder.appending(path: "chosen.pdf")
        let byID = try CLIProcess.run(
            ["consent", "pdf", "--participant", participant, "--record", record, "--out", chosen.path] + location)
        #expect(byID.status == 0, "\(byID.stderr)")

        let refused = folder.appending(path: "refused.pdf")
        let cases: [[String]] = [
            ["--participant", "nobody"], ["--participant", participant, "--record", "no-such-record"],
            ["--participant", participant, "--record", signed[1].record],
        ]
        for arguments in cases {
            let result = try CLIProcess.run(["consent", "pdf"] + arguments + ["--out", refused.path] + location)
            #expect(result.status == 66, "\(arguments)")
            #expect(result.stderr.hasPrefix("error: "))
            #expect(!result.stderr.contains(signed[1].record) || arguments.contains(signed[1].record))
        }
        #expect(!FileManager.default.fileExists(atPath: refused.path))

        let trail = folder.appending(path: "audit.jsonl")
        #expect(try CLIProcess.run(["audit", "export", "--out", trail.path] + location).status == 0)
        let reads = try String(contentsOf: trail, encoding: .utf8).split(separator: "\n").filter {
            $0.contains("\"actor\":\"cli:consent-pdf:\(Self.user)\"") && $0.contains("\"entity_id\":\"\(record)\"")
        }
        #expect(reads.count == 2)
        #expect(try CLIProcess.run(["audit", "verify"] + location).status == 0)
    }

    @Test func onSQLite() throws {
        try writesTheRecordAndRefusesWhatIsNotThere(["--data-dir", folder.appending(path: "data").path])
    }

    @Test(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
    func onPostgreSQL() throws {
        let location = [
            "--data-dir", folder.appending(path: "data").path, "--database", try TestDatabase.newSchemaURLText(),
        ]
        try writesTheRecordAndRefusesWhatIsNotThere(location)
    }
}
