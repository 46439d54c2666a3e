import Cryptography
import Dispatch
import Foundation
import ParticipantJourney
import Postgres
import RecoverApp
import RecoverData
import Synchronization
import Web
import WebTesting

/// `recover-bench postgres`: the participant's feed page and a complete check-in (the step's page, then the
/// answers posted with their CSRF token, committed before the redirect) through the whole app (middleware,
/// sessions, pages, stores), on SQLite, on PostgreSQL with one instance and with two instances of the app on
/// one database, in one run. Eight participants at once; requests go through the app's responder in process
/// (no sockets), so the figures compare the databases rather than HTTP.
///
/// Needs a PostgreSQL server: `RECOVER_BENCH_DATABASE_URL`, else `RECOVER_TEST_DATABASE_URL` (as
/// `scripts/postgres-test-cluster.sh run .build/release/recover-bench postgres` sets it). Each run works in
/// a schema of its own, dropped at the end.
enum PostgresBenchmark {
    static let participants = 128
    static let threads = 8
    static let feedSeconds = 3.0

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let text = environment["RECOVER_BENCH_DATABASE_URL"] ?? environment["RECOVER_TEST_DATABASE_URL"] else {
            print(
                "postgres: skipped (set RECOVER_BENCH_DATABASE_URL, or run it under scripts/postgres-test-cluster.sh run)"
            )
            return
        }
        let server = try PostgresURL(text)
        let sqlite = try measure("sqlite", database: nil, instances: 1)
        let one = try withSchema(server) { try measure("postgres-1", database: $0, instances: 1) }
        let two = try withSchema(server) { try measure("postgres-2", database: $0, instances: 2) }
        for (name, figures) in [("postgres-1", one), ("postgres-2", two)] {
            print(String(format: "postgres.%@.feed.ratio-to-sqlite: %.2f", name, figures.feed / sqlite.feed))
            print(String(format: "postgres.%@.checkin.ratio-to-sqlite: %.2f", name, figures.checkin / sqlite.checkin))
        }
    }

    struct Figures {
        let feed: Double
        let checkin: Double
    }

    /// Runs `body` with a URL whose connections work in a new schema, dropped afterwards.
    static func withSchema<T>(_ server: PostgresURL, _ body: (PostgresURL) throws -> T) throws -> T {
        let administrator = try PostgresDatabase.open(
            server, configuration: PostgresConfiguration(maximumConnections: 1))
        defer { administrator.close() }
        let schema = "bench_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try administrator.withConnection { db in try db.execute("CREATE SCHEMA \(schema)") }
        defer { _ = try? administrator.withConnection { db in try db.execute("DROP SCHEMA \(schema) CASCADE") } }
        return try body(try server.setting("options", to: "-c search_path=\(schema)"))
    }

    /// The feed and check-in figures of `instances` apps over one study (`database`, or a new SQLite folder).
    static func measure(_ name: String, database: PostgresURL?, instances: Int) throws -> Figures {
        let folder = FileManager.default.temporaryDirectory.appending(path: "recover-bench-pg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = AppConfiguration(dataDirectory: folder)
        configuration.database = database
        configuration.passwordHasher = PasswordHasher(strength: .minimum)
        configuration.defaultTimeZone = "UTC"
        let apps = try (0..<instances).map { _ in try RecoverApp(configuration: configuration) }
        let clients = try (0..<participants).map { index in
            try onboardedParticipant(index, app: apps[index % instances], directory: apps[0].folder.directory)
        }
        let feed = try timedLoop(clients, seconds: feedSeconds) { client in
            let response = client.get("/")
            guard response.status == .ok else { throw Failure(description: "feed answered \(response.status.code)") }
        }
        let checkin = try timedOnce(clients) { client in
            client.get("/survey/checkin/0/step/1")
            guard let run = field("run", in: client.lastPage) else { throw Failure(description: "no check-in run") }
            let response = client.post(
                "/survey/checkin/0",
                form: [
                    "step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7",
                    "run": run,
                ])
            guard response.status == .seeOther else {
                throw Failure(description: "check-in answered \(response.status.code)")
            }
        }
        report("\(name).feed", feed, unit: "pages/s")
        report("\(name).checkin", checkin, unit: "submissions/s")
        return Figures(feed: feed.rate, checkin: checkin.rate)
    }

    typealias Client = TestClient<Void>

    /// A participant signed in and through onboarding, on `app`.
    static func onboardedParticipant(_ index: Int, app: RecoverApp, directory: any AccountDirectory) throws -> Client {
        let email = "bench-\(index)@example.org"
        let password = "bench password \(index)"
        try directory.addAccount(
            Account(
                email: email, passwordHash: try PasswordHasher(strength: .minimum).hash(password), role: .participant,
                timeZone: "UTC"))
        let web = app.web
        var client = Client(fixture: (), respond: { web.respond(to: $0) })
        client.clientAddress = "10.0.\(index / 250).\(1 + index % 250)"
        client.get("/sign-in")
        guard client.post("/sign-in", form: ["email": email, "password": password]).status == .seeOther else {
            throw Failure(description: "sign-in refused")
        }
        client.get("/survey/onboarding/0/step/1")
        guard let run = field("run", in: client.lastPage) else { throw Failure(description: "no onboarding run") }
        for (step, fields) in OnboardingForm.steps {
            let response = client.post(
                "/survey/onboarding/0", form: fields.merging(["step": step, "action": "next", "run": run]) { $1 })
            guard response.status == .seeOther else {
                throw Failure(description: "onboarding step \(step) answered \(response.status.code)")
            }
        }
        return client
    }

    /// The value of the hidden input `name` in `page`.
    static func field(_ name: String, in page: String) -> String? { OnboardingForm.hiddenField(name, in: page) }

    struct Timing {
        let rate: Double
        let p50: Double
        let p99: Double
    }

    /// `threads` threads, each with its share of `clients`, calling `step` with them in turn for `seconds`.
    static func timedLoop(
        _ clients: [Client], seconds: Double, _ step: @escaping @Sendable (inout Client) throws -> Void
    )
        throws -> Timing
    {
        try timed(clients) { share, record in
            let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
            var index = 0
            while DispatchTime.now().uptimeNanoseconds < end {
                try record { try step(&share[index % share.count]) }
                index += 1
            }
        }
    }

    /// `threads` threads, each calling `step` once with each client of its share.
    static func timedOnce(_ clients: [Client], _ step: @escaping @Sendable (inout Client) throws -> Void) throws
        -> Timing
    {
        try timed(clients) { share, record in
            for index in share.indices { try record { try step(&share[index]) } }
        }
    }

    private static func timed(
        _ clients: [Client],
        _ work: @escaping @Sendable (inout [Client], (() throws -> Void) throws -> Void) throws -> Void
    ) throws -> Timing {
        let latencies = Mutex<[Double]>([])
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        let start = DispatchTime.now().uptimeNanoseconds
        for thread in 0..<threads {
            let given = clients.enumerated().filter { $0.offset % threads == thread }.map(\.element)
            group.enter()
            Thread {
                defer { group.leave() }
                var share = given
                var mine: [Double] = []
                do {
                    try work(&share) { request in
                        let began = DispatchTime.now().uptimeNanoseconds
                        try request()
                        mine.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6)
                    }
                } catch {
                    failures.withLock { $0.append(String(describing: error)) }
                }
                latencies.withLock { $0 += mine }
            }.start()
        }
        group.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if let failure = failures.withLock({ $0.first }) { throw Failure(description: failure) }
        let sorted = latencies.withLock { $0 }.sorted()
        guard !sorted.isEmpty else { throw Failure(description: "nothing was measured") }
        return Timing(
            rate: Double(sorted.count) / seconds, p50: sorted[sorted.count / 2],
            p99: sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
    }

    static func report(_ name: String, _ timing: Timing, unit: String) {
        print(String(format: "postgres.%@: %.0f %@", name, timing.rate, unit))
        print(String(format: "postgres.%@.p50: %.2f ms", name, timing.p50))
        print(String(format: "postgres.%@.p99: %.2f ms", name, timing.p99))
    }
}
