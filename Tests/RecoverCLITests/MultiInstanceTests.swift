import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// Two `recover serve` instances on one PostgreSQL database and one shared data folder, behind nginx run from
/// deploy/nginx/recover.conf: a participant's whole first day with requests alternating between the instances,
/// eight participants at once through the proxy, nothing lost or duplicated, one verified audit chain.
@Suite(.serialized, .enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct MultiInstanceTests {
    @Test func twoInstancesBehindNginxServeOneStudy() throws {
        try #require(
            NginxProxy.executable != nil || ProcessInfo.processInfo.environment["CI"] == nil,
            "nginx is not installed (scripts/setup.sh test installs it)")
        guard NginxProxy.executable != nil else { return }
        let url = try TestDatabase.newSchemaURLText()
        let folder = LiveServer.temporaryFolder("instances")
        let instances = [LiveServer(folder: folder), LiveServer(folder: folder)]
        for instance in instances {
            instance.arguments = ["--database", url, "--trusted-proxy", "127.0.0.1", "--connections-per-address", "0"]
        }
        // One at a time: the first start creates the signing key and the admin account the second one finds.
        let ports = try instances.map { try $0.start() }
        defer { for instance in instances { instance.stop() } }
        let proxy = NginxProxy(folder: folder.deletingLastPathComponent().appending(path: "nginx-\(UUID())"))
        let proxyPort = try proxy.start(upstreams: ports)
        defer { proxy.stop() }

        let codes = try StudyLoad.invitations(9, in: folder, extra: ["--database", url])

        // One participant, each request to the other instance: sign-in, CSRF, drafts and completions cross over.
        var alternating = ParticipantVisit(code: codes[0], number: 0)
        var firstDay: [ParticipantVisit.Write] = []
        try alternating.proceed(ports: ports) { firstDay.append($0) }
        #expect(alternating.isFinished)
        #expect(firstDay.count == 3)

        // Eight at once through nginx.
        let load = StudyLoad(invitations: Array(codes.dropFirst()))
        load.port.withLock { $0 = proxyPort }
        load.start(participants: 8)
        load.wait(atMost: 120) { $0.checkins.count == 8 }
        load.stop()
        let acknowledged = load.snapshot
        #expect(
            load.unexpectedAnswers == [],
            """
            nginx: \(proxy.errorLogTail)
            \(instances.map { "instance running: \($0.isRunning), standard error: \($0.errorOutput.suffix(600))" })
            """)
        #expect(
            acknowledged.joins.count == 8 && acknowledged.onboardings.count == 8 && acknowledged.checkins.count == 8)
        let served = proxy.requestsPerUpstream()
        print("multi-instance: \(acknowledged.summary) through nginx; requests per instance \(served)")
        #expect(ports.allSatisfy { (served[$0] ?? 0) > 20 }, "requests per instance: \(served)")

        // Nothing lost, nothing twice.
        let database = try PostgresDatabase.open(try PostgresURL(url))
        defer { database.close() }
        let (emails, outcomes, duplicates) = try database.read { db in
            (
                Set(
                    try db.query("SELECT email FROM account WHERE role = 'participant'").map { try $0.string("email") }),
                try db.query("SELECT id FROM care_outcome WHERE deleted_at IS NULL").map { try $0.string("id") },
                try db.queryOne(
                    """
                    SELECT count(*) AS n FROM (SELECT task_id, occurrence FROM care_outcome WHERE deleted_at IS NULL
                    GROUP BY task_id, occurrence HAVING count(*) > 1) AS twice
                    """)?.int("n") ?? -1
            )
        }
        #expect(emails == Set(acknowledged.joins + [alternating.email]))
        let expected = Set(acknowledged.onboardings + acknowledged.checkins).union(firstDayOutcomeIDs(firstDay))
        #expect(expected.count == 18)
        #expect(outcomes.count == 18)
        #expect(Set(outcomes) == expected)
        #expect(duplicates == 0)

        let audit = try CLIProcess.run(["audit", "verify", "--data-dir", folder.path, "--database", url])
        #expect(audit.status == 0 && audit.stdout.hasPrefix("ok "), "\(audit.stdout)\(audit.stderr)")
    }

    private func firstDayOutcomeIDs(_ writes: [ParticipantVisit.Write]) -> Set<String> {
        Set(
            writes.compactMap {
                switch $0 {
                case .joined: nil
                case .onboarded(let id), .checkedIn(let id): id
                }
            })
    }
}

extension MultiInstanceTests {
    /// The database's connections cut again and again under load (as a database restart does): requests in
    /// flight answer 503, later ones succeed on new connections without restarting Recover, and every
    /// acknowledged write is there.
    @Test func connectionsCutUnderLoadAnswer503AndLoseNothing() throws {
        let name = "recover-cut-\(UUID().uuidString.prefix(8).lowercased())"
        let url = try TestDatabase.newSchemaURLText() + "&application_name=\(name)"
        let folder = LiveServer.temporaryFolder("cut")
        let server = LiveServer(folder: folder)
        server.arguments = ["--database", url]
        let port = try server.start()
        defer { server.stop() }
        let load = StudyLoad(invitations: try StudyLoad.invitations(40, in: folder, extra: ["--database", url]))
        load.port.withLock { $0 = port }
        load.start(participants: 6)
        let administrator = try TestDatabase.administrator()
        defer { administrator.close() }
        var cuts = 0
        while cuts < 40, load.snapshot.checkins.count < 30 {
            usleep(30_000)
            cuts += try administrator.withConnection { db in
                try db.query(
                    "SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE application_name = $1",
                    [name]
                ).count
            }
        }
        load.wait(atMost: 120) { $0.checkins.count >= 30 }
        load.stop()
        let acknowledged = load.snapshot
        print("connection cuts: \(cuts) backends ended, \(load.unavailableCount) answers 503, \(acknowledged.summary)")
        #expect(load.unexpectedAnswers == [])
        #expect(cuts > 0)
        #expect(acknowledged.checkins.count >= 30)
        #expect(try LoopbackHTTP.send("GET", "/healthz", port: port).status == 200)

        let database = try PostgresDatabase.open(try PostgresURL(url))
        defer { database.close() }
        let (emails, outcomes) = try database.read { db in
            (
                Set(try db.query("SELECT email FROM account").map { try $0.string("email") }),
                Set(try db.query("SELECT id FROM care_outcome WHERE deleted_at IS NULL").map { try $0.string("id") })
            )
        }
        #expect(Set(acknowledged.joins).subtracting(emails).isEmpty)
        #expect(Set(acknowledged.onboardings + acknowledged.checkins).subtracting(outcomes).isEmpty)
        let audit = try CLIProcess.run(["audit", "verify", "--data-dir", folder.path, "--database", url])
        #expect(audit.status == 0, "\(audit.stdout)\(audit.stderr)")
    }
}
