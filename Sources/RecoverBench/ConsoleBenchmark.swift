import Care
import CareSQLite
import Cryptography
import Foundation
import Recover
import RecoverWeb

/// `recover-bench console`: the research console with many participants. Builds a study of
/// `CONSOLE_BENCH_PARTICIPANTS` (default 10 000) synthetic participants enrolled over the last 60 days, each
/// with the study plan and about 85 % of their check-ins and range-of-motion measurements done, then times
/// the console's queries and its pages answered in-process (median of 5 runs, milliseconds). With
/// `CONSOLE_BENCH_KEEP` set, the database is kept for inspection.
enum ConsoleBenchmark {
    static let participants = Int(ProcessInfo.processInfo.environment["CONSOLE_BENCH_PARTICIPANTS"] ?? "") ?? 10_000
    static let enrollmentDays = 60

    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("console-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let keep = ProcessInfo.processInfo.environment["CONSOLE_BENCH_KEEP"] != nil
        defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
        if keep { print("console.database: \(folder.path)/recover.sqlite (kept)") }
        let database = try Database.open(
            at: folder.appendingPathComponent("recover.sqlite"),
            migrations: AccountStore.migrations + StudyServices.migrations,
            configuration: DatabaseConfiguration(durability: .normal))
        let utc = TimeZone(identifier: "UTC") ?? .current
        let now = Date()
        let today = LocalDateTime(instant: now, in: utc).date

        let buildStart = DispatchTime.now().uptimeNanoseconds
        let ids = try populate(database, today: today, now: now)
        let buildSeconds = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e9
        let outcomes = try await database.read { db in
            try db.queryOne("SELECT count(*) AS n FROM care_outcome")?.int("n") ?? 0
        }
        print("console.participants: \(participants)")
        print("console.outcomes: \(outcomes)")
        print("console.build_study: \(String(format: "%.1f", buildSeconds)) s")

        report("enrollment_query") { _ = try database.read { db in try ConsoleQueries.enrollment(in: db) } }
        report("alerts_query") { _ = try database.read { db in try ConsoleQueries.alerts(today: today, in: db) } }
        report("adherence_query") {
            _ = try database.read { db in try ConsoleQueries.adherence(today: today, in: db) }
        }
        for sort in ParticipantListQuery.Sort.allCases {
            report("participant_list_query.\(sort.rawValue)") {
                _ = try database.read { db in
                    try ConsoleQueries.participants(ParticipantListQuery(sort: sort), today: today, in: db)
                }
            }
        }
        report("participant_search_query") {
            _ = try database.read { db in
                try ConsoleQueries.participants(ParticipantListQuery(search: "demo-77"), today: today, in: db)
            }
        }

        let directory = SQLiteAccountDirectory(database: database, fallbackTimeZone: "UTC")
        let services = WebServices(
            directory: directory, hasher: PasswordHasher(strength: .minimum), defaultTimeZone: "UTC")
        let admin = try Enrollment(directory: directory, hasher: PasswordHasher(strength: .minimum)).addStaff(
            email: "bench-admin@example.com", role: .admin, password: "bench admin password", timeZone: "UTC")
        let token = try services.sessions.start(for: admin, replacing: nil)
        let app = WebApp(
            services: services,
            configure: { router, services in
                ConsoleRoutes.add(to: &router, context: ConsoleContext(database: database, services: services))
            })
        let pages: [(String, String, [String: String])] = [
            ("dashboard_page", "/console", [:]),
            ("participants_page.joined", "/console/participants", [:]),
            ("participants_page.adherence", "/console/participants", ["sort": "adherence", "page": "200"]),
            ("participant_page", "/console/participants/\(ids[ids.count / 2])", [:]),
        ]
        for (name, path, query) in pages {
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

    /// Creates the participants exactly as enrollment and onboarding do (account, care plan, onboarding task
    /// and outcome, then the check-in and range-of-motion tasks), with outcomes for past events.
    static func populate(_ database: Database, today: LocalDate, now: Date) throws -> [String] {
        var generator = SeededGenerator(seed: 42)
        let hash = try PasswordHasher(strength: .minimum).hash("synthetic participant")
        let utc = TimeZone(identifier: "UTC") ?? .current
        var ids: [String] = []
        let batch = 250
        for first in stride(from: 0, to: participants, by: batch) {
            try database.write { db in
                for index in first..<min(first + batch, participants) {
                    let joinedDaysAgo = Int.random(in: 0..<enrollmentDays, using: &generator)
                    let joinedOn = today.addingDays(-joinedDaysAgo)
                    let joinedAt = joinedOn.startOfDay.adding(seconds: 9 * 3600).instant(in: utc)
                    let account = try AccountStore.createAccount(
                        Account(
                            email: "demo-\(index)@synthetic.invalid", passwordHash: hash, role: .participant,
                            language: "en", timeZone: "UTC", createdAt: joinedAt,
                            withdrawnAt: Int.random(in: 0..<50, using: &generator) == 0 ? now : nil), in: db)
                    ids.append(account.id)
                    _ = try SQLiteCareStore.addPatient(
                        Patient(id: account.id, name: account.email, timeZoneIdentifier: "UTC"), in: db)
                    let (plan, tasks) = ParticipantPlan.initial(patientID: account.id, joinedOn: joinedOn)
                    _ = try SQLiteCareStore.addCarePlan(plan, in: db)
                    for task in tasks { _ = try SQLiteCareStore.addTask(task, in: db) }
                    let onboarding = tasks[0]
                    _ = try SQLiteCareStore.addOutcome(
                        Outcome(
                            taskID: onboarding.id, taskVersionID: onboarding.versionID, occurrenceIndex: 0,
                            values: [OutcomeValue(.date(joinedAt), kind: "onboarding.completionStep")],
                            createdDate: joinedAt), in: db)
                    for task in ParticipantPlan.afterOnboarding(patientID: account.id, completedOn: joinedOn) {
                        _ = try SQLiteCareStore.addTask(task, in: db)
                        guard joinedDaysAgo > 0 else { continue }
                        for event in task.schedule.events(from: joinedOn, through: today.addingDays(-1), in: utc) {
                            guard Int.random(in: 0..<100, using: &generator) < 85 else { continue }
                            let values =
                                task.groupIdentifier == StudyTaskID.checkin
                                ? [
                                    OutcomeValue(
                                        .integer(Int.random(in: 1...10, using: &generator)), kind: "checkin.form.pain"),
                                    OutcomeValue(
                                        .integer(Int.random(in: 4...10, using: &generator)), kind: "checkin.form.sleep",
                                        unit: "h"),
                                ]
                                : [
                                    OutcomeValue(
                                        .double(Double(Int.random(in: 60...130, using: &generator))), kind: "range",
                                        unit: "deg")
                                ]
                            _ = try SQLiteCareStore.addOutcome(
                                Outcome(
                                    taskID: task.id, taskVersionID: task.versionID,
                                    occurrenceIndex: event.occurrence, values: values, createdDate: event.start),
                                in: db)
                        }
                    }
                }
            }
        }
        return ids
    }
}

/// A small deterministic random number generator (SplitMix64), so every run builds the same study.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
