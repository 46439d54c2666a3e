import Care
import CareSQLite
import Cryptography
import Exports
import Foundation
import Recover
import RecoverApp
import RecoverData
import RecoverWeb
import SQLite
import Web

/// `recover-bench console`: the research console with many participants. Builds a study of
/// `CONSOLE_BENCH_PARTICIPANTS` (default 10 000) synthetic participants with 28 days of data each, written
/// by `DemoData` exactly as real participants' records are (plan, consent, outcomes, audit), then times
/// the console's queries and its pages answered in-process (median of 5 runs, milliseconds). With
/// `CONSOLE_BENCH_KEEP` set, the database is kept for inspection; with `CONSOLE_BENCH_DATA_DIR`, an existing
/// data folder is measured instead (and left as it is).
enum ConsoleBenchmark {
    static let participants = Int(ProcessInfo.processInfo.environment["CONSOLE_BENCH_PARTICIPANTS"] ?? "") ?? 10_000
    static let days = 28

    static func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        // An existing data folder (for example made by `recover demo-data`) is measured as it is.
        let existing = environment["CONSOLE_BENCH_DATA_DIR"].map { URL(fileURLWithPath: $0) }
        let folder =
            existing
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("console-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let keep = environment["CONSOLE_BENCH_KEEP"] != nil || existing != nil
        defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
        if keep { print("console.database: \(folder.path)/recover.sqlite (kept)") }
        // The whole app over the data folder, built by the composition root as `recover serve` builds it.
        let data = try DataFolder.open(folder, durability: .normal, fallbackTimeZone: "UTC")
        let utc = TimeZone(identifier: "UTC") ?? .current
        let now = Date()
        let today = LocalDateTime(instant: now, in: utc).date

        let buildStart = DispatchTime.now().uptimeNanoseconds
        if existing == nil {
            try DemoData(participants: participants, days: days, seed: 42, today: today).generate(
                into: data.records)
        }
        let count = try await data.records.database.read { db in try ConsoleQueries.enrollment(in: db).joined }
        let ids = try await data.records.database.read { db in
            try AccountStore.accounts(role: .participant, limit: 1, offset: count / 2, in: db).map(\.id)
        }
        let buildSeconds = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e9
        let outcomes = try await data.records.database.read { db in
            try db.queryOne("SELECT count(*) AS n FROM care_outcome")?.int("n") ?? 0
        }
        print("console.participants: \(count)")
        print("console.outcomes: \(outcomes)")
        print("console.build_study: \(String(format: "%.1f", buildSeconds)) s")

        report("enrollment_query") {
            _ = try data.records.database.read { db in try ConsoleQueries.enrollment(in: db) }
        }
        report("alerts_query") {
            _ = try data.records.database.read { db in try ConsoleQueries.alerts(today: today, in: db) }
        }
        report("attention_query") {
            _ = try data.records.database.read { db in try ConsoleQueries.attention(today: today, in: db) }
        }
        report("adherence_query") {
            _ = try data.records.database.read { db in try ConsoleQueries.adherence(today: today, in: db) }
        }
        for sort in ParticipantListQuery.Sort.allCases {
            report("participant_list_query.\(sort.rawValue)") {
                _ = try data.records.database.read { db in
                    try ConsoleQueries.participants(ParticipantListQuery(sort: sort), today: today, in: db)
                }
            }
        }
        report("participant_search_query") {
            _ = try data.records.database.read { db in
                try ConsoleQueries.participants(ParticipantListQuery(search: "demo-77"), today: today, in: db)
            }
        }

        var configuration = AppConfiguration(dataDirectory: folder)
        configuration.durability = .normal
        configuration.defaultTimeZone = "UTC"
        configuration.passwordHasher = PasswordHasher(strength: .minimum)
        let admin = try Enrollment(directory: data.directory, hasher: configuration.passwordHasher).addStaff(
            email: "bench-admin-\(UUID().uuidString.prefix(8))@example.com", role: .admin,
            password: "quartz lantern orbit meadow 7391 bench", timeZone: "UTC")
        func app(dashboardLifetime: TimeInterval) throws -> WebApp {
            var options = configuration
            options.dashboardLifetime = dashboardLifetime
            return try RecoverApp(folder: data, configuration: options).web
        }
        let token = try RecoverApp(folder: data, configuration: configuration).services.sessions.start(
            for: admin, replacing: nil)
        let uncached = try app(dashboardLifetime: 0)
        let cached = try app(dashboardLifetime: 30)
        let pages: [(String, WebApp, String, [String: String])] = [
            ("dashboard_page", uncached, "/console", [:]),
            ("dashboard_page.cached", cached, "/console", [:]),
            ("participants_page.joined", uncached, "/console/participants", [:]),
            ("participants_page.adherence", uncached, "/console/participants", ["sort": "adherence", "page": "200"]),
            ("participants_page.consent", uncached, "/console/participants", ["sort": "consent", "dir": "desc"]),
            ("participant_page", uncached, "/console/participants/\(ids.first ?? "")", [:]),
        ]
        for (name, app, path, query) in pages {
            report(name) {
                let response = app.respond(
                    to: Request(method: .get, path: path, query: query, cookies: ["recover_session": token]))
                guard response.status == .ok else { throw BenchmarkFailure(page: path, status: response.status.code) }
            }
        }
    }

    struct BenchmarkFailure: Error {
        let page: String
        let status: Int
    }

    /// Prints the median of 5 runs of `body` (after one warm-up run), in milliseconds.
    static func report(_ name: String, _ body: () throws -> Void) {
        do {
            try body()
            var times: [Double] = []
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                try body()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            print("console.\(name): \(String(format: "%.1f", times.sorted()[2])) ms")
        } catch {
            print("console.\(name): failed (\(error))")
        }
    }
}
