import Foundation
import PostgresTestSupport
import Testing

/// `recover database copy` and `--database`: the demo study (with a Health import) moved from its SQLite file
/// to PostgreSQL and back, with the same exports, a verified audit chain and verified consent records on every
/// copy.
@Suite(.serialized, .enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct DatabaseCopyTests {
    /// A fixed export time (`SOURCE_DATE_EPOCH`), so that exports of the same records are the same bytes.
    static let exportTime = ["SOURCE_DATE_EPOCH": "1800000000"]

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIProcess.Result {
        try CLIProcess.run(arguments, environment: environment)
    }

    /// The CSV and JSON exports of a study.
    func exports(_ location: [String]) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let folder = LiveServer.temporaryFolder("exports")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for format in ["csv", "json"] {
            let out = folder.appending(path: "export.\(format)")
            let result = try run(
                ["export", "--format", format, "--out", out.path] + location, environment: Self.exportTime)
            try #require(result.status == 0, "\(result.stderr)")
            files[format] = try Data(contentsOf: out)
        }
        return files
    }

    @Test func theDemoStudyMovesToPostgreSQLAndBackLosslessly() throws {
        let source = LiveServer.temporaryFolder("copy-source")
        let demo = try run(["demo-data", "--participants", "4", "--days", "8", "--data-dir", source.path])
        try #require(demo.status == 0, "\(demo.stderr)")
        let export = source.appending(path: "export.zip")
        try ImportHealthCommandTests.writeRecentExport(to: export)
        let participant = ["--participant", "synthetic-0001@example.invalid", export.path]
        let imported = try run(["import", "health"] + participant + ["--data-dir", source.path])
        try #require(imported.status == 0, "\(imported.stderr)")
        try MailCommandTests.queue(to: "ada@example.org", in: source)
        let url = try TestDatabase.newSchemaURLText()

        let copy = try run(["database", "copy", "--from", source.path, "--to", url])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stdout.contains("health_import: 1 rows\n") && copy.stdout.contains("health_sample: 4 rows\n"))
        #expect(copy.stdout.contains("audit chain ok"))
        #expect(copy.stdout.contains("message_outbox: 1 rows\n"))
        #expect(!(copy.stdout + copy.stderr).contains(try #require(URLComponents(string: url)?.password)))

        let onPostgres = ["--data-dir", source.path, "--database", url]
        let outbox = try run(["mail", "status", "--recent", "1"] + onPostgres, environment: ["RECOVER_SMTP_URL": ""])
        #expect(outbox.stdout.contains("queued 1"), "\(outbox.stdout)\(outbox.stderr)")
        #expect(outbox.stdout.contains("2026-01-01T00:00:00Z test to ada@example.org: queued, 0 attempts"))
        #expect(try exports(onPostgres) == exports(["--data-dir", source.path]))
        let audit = try run(["audit", "verify"] + onPostgres)
        #expect(audit.stdout.hasPrefix("ok "), "\(audit.stdout)\(audit.stderr)")
        // Known limit (docs/audit.md): PostgreSQL's jsonb re-serialises an outcome's values_json, so outcome
        // rows moved from SQLite no longer hash to their SQLite digests; every other record still matches.
        let flagged = audit.stdout.split(separator: "\n").filter {
            $0.hasSuffix(": edited") || $0.hasSuffix(": deleted")
        }
        #expect(flagged.allSatisfy { $0.hasPrefix("care_outcome ") }, "\(audit.stdout)")
        let consent = try run(["consent", "verify"] + onPostgres)
        #expect(consent.status == 0 && (consent.stdout + consent.stderr).contains("4 consent records, 0 altered"))

        // `recover backup` copies a data folder with its SQLite file; on PostgreSQL it says what to use.
        let backup = try run(["backup", "--out", source.path + "-backup.tar.gz"] + onPostgres)
        #expect(backup.status == 65 && backup.stderr.contains("pg_dump"), "\(backup.stderr)")

        // A second copy into the same database is refused and changes nothing.
        let again = try run(["database", "copy", "--from", source.path, "--to", url])
        #expect(again.status == 65)
        #expect(again.stderr.contains("not empty"))
        #expect(try run(["audit", "verify"] + onPostgres).stdout == audit.stdout)

        // The copied health figures are what a re-import on PostgreSQL finds: the same summary but the id.
        let reimported = try run(["import", "health"] + participant + onPostgres)
        let withoutID = { (text: String) in text.replacing(/export [0-9a-f-]+:/, with: "export:") }
        #expect(reimported.status == 0 && withoutID(reimported.stdout) == withoutID(imported.stdout))
        #expect(try run(["audit", "verify"] + onPostgres).stdout.hasPrefix("ok "))

        // And back into a new data folder's SQLite file (the signing key stays with the folder).
        let back = LiveServer.temporaryFolder("copy-back")
        let returned = try run(["database", "copy", "--from", url, "--to", back.path])
        #expect(returned.status == 0, "\(returned.stderr)")
        #expect(returned.stdout.contains("health_import: 2 rows\n"))
        #expect(returned.stdout.contains("message_outbox: 1 rows\n"))
        try FileManager.default.copyItem(
            at: source.appending(path: "signing-key"), to: back.appending(path: "signing-key"))
        #expect(try exports(["--data-dir", back.path]) == exports(["--data-dir", source.path]))
        #expect(try run(["consent", "verify", "--data-dir", back.path]).status == 0)
    }

    @Test func anUnreachableOrMalformedDatabaseIsAClearErrorThatHidesThePassword() throws {
        let folder = LiveServer.temporaryFolder("bad-database")
        let unreachable = try run([
            "audit", "verify", "--data-dir", folder.path, "--database", "postgresql://u:s3cret-pw@127.0.0.1:1/db",
        ])
        #expect(unreachable.status == 65)
        #expect(unreachable.stderr.contains("cannot open the database postgresql://u:***@127.0.0.1:1/db"))
        #expect(!unreachable.stderr.contains("s3cret-pw"))
        let malformed = try run(
            ["serve", "--data-dir", folder.path], environment: ["RECOVER_DATABASE_URL": "postgresql://u:s3cret-pw@[::1"]
        )
        #expect(malformed.status == 64)
        #expect(!malformed.stderr.contains("s3cret-pw"))
    }
}
