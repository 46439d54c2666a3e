import Care
import CarePostgres
import CareSQLite
import Cryptography
import Foundation
import Postgres
import PostgresTestSupport
import Recover
import RecoverData
import Research
import SQLite
import Testing

/// One database the study's store protocols are implemented on. The contract suites run every test once per
/// case; a new backend adds a case and its ``make()`` and passes the suites unchanged.
///
/// `postgres` runs on the test server (a fresh schema per call); where none is available it is left out, and
/// under CI (`CI` set) the missing server fails the run (``TestCluster``).
enum StudyBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    static var allCases: [StudyBackend] { TestCluster.isAvailable ? [.sqlite, .postgres] : [.sqlite] }

    /// Fresh, empty stores of this backend, sharing one database.
    func make(signed: Bool = true) throws -> StudyStores {
        let storage: StudyStorage
        switch self {
        case .sqlite:
            storage = StudyStorage(try StorageFixture().open(RecoverSchema.migrations, durability: .normal))
        case .postgres:
            storage = try RecoverSchema.open(
                postgres: try TestDatabase.newSchemaURL(), configuration: PostgresConfiguration(maximumConnections: 3))
        }
        let key = signed ? try SigningKey(seed: Array(repeating: 3, count: 32)) : nil
        let records = StudyDatabase(database: storage, signingKey: key)
        return StudyStores(
            participants: records, console: records,
            directory: StoredAccountDirectory(database: storage, fallbackTimeZone: "UTC"),
            seed: StudySeed(
                addTasks: { tasks in
                    try storage.write { db in for task in tasks { _ = try db.care.addTask(task) } }
                },
                addConsent: { record in _ = try records.consent.add(record) },
                alterConsent: { id, name in
                    try storage.write { db in
                        // As someone with the database can: the append-only trigger refuses it otherwise.
                        _ = try db.execute(
                            db.dialect == .sqlite
                                ? "DROP TRIGGER consent_record_no_update"
                                : "ALTER TABLE consent_record DISABLE TRIGGER consent_record_no_change")
                        _ = try db.execute("UPDATE consent_record SET printed_name = ? WHERE id = ?", [name, id])
                    }
                },
                addSurveyResult: { record in
                    try storage.write { db in _ = try SurveyDataStore.saveResult(record, in: db) }
                },
                audit: AuditTrail(database: storage),
                rows: { table in
                    try storage.read { db in try db.queryOne("SELECT count(*) AS n FROM \(table)")?.int("n") ?? 0 }
                }))
    }
}

/// The stores of one backend over one database.
struct StudyStores: Sendable {
    let participants: any ParticipantStore
    let console: any ConsoleStore
    let directory: any AccountDirectory
    /// What the suites set up that has no use case of its own (a backend writes it its own way).
    let seed: StudySeed

    static let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC

    /// A participant account, added to the directory.
    func participant(_ email: String, zone: String = "Europe/Zurich", at date: Date = start) throws -> Account {
        let account = Account(
            email: email, passwordHash: "$argon2id$x", role: .participant, timeZone: zone, createdAt: date)
        try directory.addAccount(account)
        return account
    }

    /// A staff account, added to the directory.
    func staff(_ email: String, role: AccountRole) throws -> Account {
        let account = Account(
            email: email, passwordHash: "$argon2id$x", role: role, timeZone: "UTC", createdAt: Self.start)
        try directory.addAccount(account)
        return account
    }

    /// The participant with the tasks onboarding adds (check-in, range of motion, ...) from the day they joined.
    func onboardedPlan(_ account: Account, now: Date = start) throws -> ParticipantState {
        let state = try participants.participant(account, now: now)
        try seed.addTasks(ParticipantPlan.afterOnboarding(patientID: account.id, completedOn: state.today))
        return state
    }
}

/// Writes of the contract suites' set-up that no use case covers.
struct StudySeed: Sendable {
    let addTasks: @Sendable ([CareTask]) throws -> Void
    let addConsent: @Sendable (ConsentRecord) throws -> Void
    /// Changes a stored consent record's printed name behind the store's back (tampering).
    let alterConsent: @Sendable (_ id: String, _ printedName: String) throws -> Void
    /// Stores a completed survey result as it is (an onboarding answered elsewhere).
    let addSurveyResult: @Sendable (SurveyResultRecord) throws -> Void
    /// The database's audit trail.
    let audit: AuditTrail
    /// The number of rows of a table (a fixed name of the schema).
    let rows: @Sendable (_ table: String) throws -> Int
}

/// A check-in run answered through the engine (pain, sleep), finished or not.
func checkinRun(id: String, pain: Int = 4, sleep: Int = 7, answered: Bool = true, at date: Date) throws -> (
    SurveyRun, Survey
) {
    let survey = RecoverSurveys.checkin()
    var run = try SurveyRun(survey: survey, runID: id, startDate: date)
    if answered {
        let step = try #require(survey.step(RecoverSurveys.Checkin.form))
        let page = JSONValue.object([
            RecoverSurveys.Checkin.pain: .number(Double(pain)), RecoverSurveys.Checkin.sleep: .number(Double(sleep)),
        ])
        let submission = try step.parseSubmission(json: page, timeZone: .gmt, at: date).get()
        _ = try run.submit(submission, for: step.id, in: survey, at: date).get()
    }
    return (run, survey)
}
