import Cryptography
import Exports
import Foundation
import RecoverApp
import RecoverData
import RecoverWeb
import SQLite
import Web

/// A data folder of `participants` synthetic participants with `days` days of records each (`DemoData`, as
/// real participants' records are written), served by the app `recover serve` builds over it, with the
/// dashboard cache off; sessions are started directly (no password hashing in the measured routes). A folder
/// that already holds a database (a kept one, `WEB_BENCH_DATA_DIR`) is served as it is.
struct BenchStudy {
    let data: DataFolder
    let app: WebApp
    let services: WebServices
    /// The participant pages' services (their page cache among them).
    let study: StudyServices
    let configuration: AppConfiguration

    init(folder: URL, participants: Int, days: Int, durability: DatabaseConfiguration.Durability) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = FileManager.default.fileExists(atPath: folder.appending(path: Database.fileName).path)
        data = try DataFolder.open(folder, durability: durability, fallbackTimeZone: "UTC")
        if !kept { try DemoData(participants: participants, days: days, seed: 42).generate(into: data.records) }
        var configuration = AppConfiguration(dataDirectory: folder)
        configuration.durability = durability
        configuration.defaultTimeZone = "UTC"
        configuration.passwordHasher = PasswordHasher(strength: .minimum)
        configuration.dashboardLifetime = 0
        self.configuration = configuration
        let recover = try RecoverApp(folder: data, configuration: configuration)
        app = recover.web
        services = recover.services
        study = recover.study
    }

    /// A session of synthetic participant `number`.
    func participantToken(_ number: Int) throws -> String { try token(email: DemoData.email(number)) }

    /// A session of the account with `email`.
    func token(email: String) throws -> String {
        guard let account = try data.records.accounts.account(email: email) else { throw Failure("no \(email)") }
        return try services.sessions.start(for: account, replacing: nil)
    }

    /// A session of a new admin.
    func adminToken() throws -> String {
        let admin = try Enrollment(directory: data.directory, hasher: configuration.passwordHasher).addStaff(
            email: "bench-admin-\(UUID().uuidString.prefix(8))@example.com", role: .admin,
            password: "quartz lantern orbit meadow 7391 bench", timeZone: "UTC")
        return try services.sessions.start(for: admin, replacing: nil)
    }

    /// The highest check-in occurrence the participant can answer (today's), found through the pages.
    func openCheckin(of token: String) throws -> Int {
        for occurrence in stride(from: 400, through: 0, by: -1) {
            let response = app.respond(
                to: Request(method: .get, path: "/survey/checkin/\(occurrence)", cookies: ["recover_session": token]))
            // An open event's address leads to its first step's own URL.
            if response.status == .ok || response.header("Location")?.hasSuffix("/step/1") == true {
                return occurrence
            }
        }
        throw Failure("no open check-in")
    }

    /// Every participant's check-in events without a live outcome, up to today's: the emails and occurrences.
    func openCheckins() throws -> [(email: String, occurrence: Int)] {
        let today = try openCheckin(of: participantToken(1))
        return try data.records.database.read { db in
            var done = Set<String>()
            try db.forEachRow(
                "SELECT task_id, occurrence FROM care_outcome WHERE deleted_at IS NULL AND task_id LIKE '%.checkin'"
            ) { row in done.insert("\(try row.string("task_id")) \(try row.int("occurrence"))") }
            var open: [(email: String, occurrence: Int)] = []
            try db.forEachRow("SELECT id, email FROM account WHERE role = 'participant' ORDER BY email") { row in
                let task = "\(try row.string("id")).checkin"
                let email = try row.string("email")
                for occurrence in 0...today where !done.contains("\(task) \(occurrence)") {
                    open.append((email, occurrence))
                }
            }
            // Interleaved by occurrence, so the 32 connections work on different participants.
            return open.sorted { ($0.occurrence, $0.email) < ($1.occurrence, $1.email) }
        }
    }

    /// Outcomes in the study.
    func outcomeCount() throws -> Int {
        try data.records.database.read { db in try db.queryOne("SELECT count(*) AS n FROM care_outcome")?.int("n") ?? 0
        }
    }

    /// Throws unless `path` answers 200 in-process for `token`.
    func expectOK(_ path: String, token: String?) throws {
        let response = app.respond(
            to: Request(method: .get, path: path, cookies: token.map { ["recover_session": $0] } ?? [:]))
        guard response.status == .ok else { throw Failure("\(path) answered \(response.status.code)") }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
