import Care
import CareSQLite
import Cryptography
import Foundation
import Recover
import RecoverApp
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web
import WebTesting

/// A Recover database in a temporary folder with the insights and account-record routes, and an in-process
/// browser per participant (cookies, CSRF token).
final class RecordsHarness: Sendable {
    let folder: URL
    let database: Database
    let directory: any AccountDirectory
    let records: any ParticipantStore
    let app: WebApp
    let clock: ManualClock
    /// The server's signing key (consent signatures, checkpoints).
    let signingKey: SigningKey
    static let password = "correct horse battery"

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clock = ManualClock()
        let recover = try RecoverApp(configuration: .forTests(folder: folder, clock: { clock.now }))
        database = try #require(recover.folder.database)
        directory = recover.folder.directory
        records = recover.study.records
        signingKey = recover.folder.signingKey
        self.clock = clock
        app = recover.web
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The participant's today (the manual clock in their zone).
    func today(zone: String = "Asia/Shanghai") -> LocalDate {
        LocalDateTime(instant: clock.now, in: TimeZone(identifier: zone)!).date
    }

    /// A participant account with the study's care plan (ParticipantPlan): onboarding from `days` days ago,
    /// and check-in and range of motion as if onboarding had been completed that day.
    func participant(_ email: String, zone: String = "Asia/Shanghai", days: Int = 40) throws -> Participant {
        let account = Account(
            email: email, passwordHash: try PasswordHasher(strength: .minimum).hash(Self.password), role: .participant,
            timeZone: zone, createdAt: clock.now)
        try directory.addAccount(account)
        let start = today(zone: zone).addingDays(-days)
        let (plan, initial) = ParticipantPlan.initial(patientID: account.id, joinedOn: start)
        let tasks = initial + ParticipantPlan.afterOnboarding(patientID: account.id, completedOn: start)
        try database.write { db in
            _ = try SQLiteCareStore.addPatient(Patient(id: account.id, name: email, timeZoneIdentifier: zone), in: db)
            _ = try SQLiteCareStore.addCarePlan(plan, in: db)
            for task in tasks { _ = try SQLiteCareStore.addTask(task, in: db) }
        }
        return Participant(account: account, zone: zone, tasks: tasks)
    }

    /// Records an outcome for the event of `task` on `day` (the test fails when the day has none).
    func record(_ task: CareTask, on day: LocalDate, zone: String = "Asia/Shanghai", values: [OutcomeValue]) throws {
        let events = task.schedule.events(on: day, in: TimeZone(identifier: zone)!)
        let event = try #require(events.first, "no \(task.id) event on \(day)")
        let outcome = Outcome(
            taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: event.occurrence, values: values,
            createdDate: clock.now)
        _ = try database.write { db in try SQLiteCareStore.addOutcome(outcome, in: db) }
    }

    /// A signed-out browser.
    func browser() -> Browser { Browser(fixture: self, respond: app.respond(to:)) }

    /// A signed-in browser for `participant`.
    func browser(signingIn email: String) -> Browser {
        var browser = browser()
        browser.get("/sign-in")
        browser.post("/sign-in", form: ["email": email, "password": Self.password])
        return browser
    }

    struct Participant {
        let account: Account
        let zone: String
        let tasks: [CareTask]
        var onboarding: CareTask { tasks[0] }
        var checkin: CareTask { tasks[1] }
        var rangeOfMotion: CareTask { tasks[2] }
    }

    /// Onboarding done (with a target knee bend when given).
    func completeOnboarding(_ participant: Participant, goal: Int? = nil) throws {
        var values = [OutcomeValue(.date(clock.now), kind: RecoveryInsights.Kind.onboardingCompletion)]
        if let goal { values.append(OutcomeValue(.integer(goal), kind: RecoveryInsights.Kind.targetKneeBend)) }
        try record(participant.onboarding, on: today(zone: participant.zone), zone: participant.zone, values: values)
        // Onboarding signs the participation consent: without a record the participant would meet the gate.
        let document = ConsentDocuments.consent(language: .english)
        let consent = ConsentRecord(
            id: UUID().uuidString.lowercased(), patientID: participant.account.id,
            documentHTML: Data(document.html.utf8), documentVersion: document.version, language: document.language,
            printedName: "Test Participant", signatureStrokes: Data("[]".utf8),
            signaturePNG: Data([0x89, 0x50, 0x4E, 0x47]), signedAt: clock.now, utcOffset: "+08:00",
            timeZoneIdentifier: participant.zone, signatureMeaning: document.signatureMeaning)
        try ConsentStore(database: database).add(consent)
    }

    func checkin(_ participant: Participant, daysAgo: Int, pain: Int, sleep: Int) throws {
        try record(
            participant.checkin, on: today(zone: participant.zone).addingDays(-daysAgo), zone: participant.zone,
            values: [
                OutcomeValue(.integer(pain), kind: RecoveryInsights.Kind.pain),
                OutcomeValue(.integer(sleep), kind: RecoveryInsights.Kind.sleep, unit: "h"),
            ])
    }
}

/// An in-process browser over the harness.
typealias Browser = TestClient<RecordsHarness>
