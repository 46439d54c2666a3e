import Care
import CareSQLite
import Cryptography
import Foundation
import RecoverApp
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web
import WebTesting

/// A fresh Recover database in a temporary folder with the console wired in, plus helpers that create staff
/// and participants with care data shaped like the study plan's (one care plan per participant, tasks named
/// by their group identifier).
final class ConsoleFixture: Sendable {
    let folder: URL
    let database: Database
    let directory: any AccountDirectory
    let clock = ManualClock()
    let app: WebApp
    /// The data folder's signing key (consent records and pseudonyms).
    let signingKey: SigningKey

    /// The whole app (``RecoverApp``) on a fresh data folder.
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString)")
        let clock = self.clock
        let recover = try RecoverApp(
            configuration: .forTests(folder: folder, clock: { clock.now }))
        database = try #require(recover.folder.database)
        directory = recover.folder.directory
        signingKey = recover.folder.signingKey
        app = recover.web
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The account store of the fixture's database (invitations as stored).
    var accounts: AccountStore { AccountStore(database: database) }

    static let password = "correct horse battery"

    var today: LocalDate { LocalDateTime(instant: clock.now, in: TimeZone(identifier: "UTC")!).date }

    var enrollment: Enrollment {
        Enrollment(directory: directory, hasher: PasswordHasher(strength: .minimum), now: { [clock] in clock.now })
    }

    @discardableResult
    func addStaff(_ email: String, role: AccountRole) throws -> Account {
        try enrollment.addStaff(email: email, role: role, password: Self.password, timeZone: "UTC")
    }

    /// A participant who joined `joinedDaysAgo` days ago; their check-in and range-of-motion tasks start that
    /// day. `checkins` maps "days ago" to (pain, sleep); `ranges` maps "days ago" to degrees.
    @discardableResult
    func addParticipant(
        _ email: String, joinedDaysAgo: Int = 10, onboarded: Bool = true, withdrawn: Bool = false,
        checkins: [Int: (Int, Int)] = [:], ranges: [Int: Double] = [:]
    ) throws -> String {
        let joined = clock.now.addingTimeInterval(-Double(joinedDaysAgo) * 86_400)
        let account = Account(
            email: email, passwordHash: try PasswordHasher(strength: .minimum).hash(Self.password), role: .participant,
            language: "en", timeZone: "UTC", createdAt: joined, withdrawnAt: withdrawn ? clock.now : nil)
        let start = today.addingDays(-joinedDaysAgo)
        let id = account.id
        let planID = "plan-\(id)"
        let onboarding = CareTask(
            id: "\(id).onboarding", title: "Onboarding", carePlanID: planID, schedule: .dailyAllDay(from: start),
            impactsAdherence: false, groupIdentifier: "onboarding", effectiveDate: start.startOfDay)
        let checkin = CareTask(
            id: "\(id).checkin", title: "Check-in", carePlanID: planID,
            schedule: .daily(at: LocalTime(hour: 8)!, from: start), groupIdentifier: "checkin",
            effectiveDate: start.startOfDay)
        let motion = CareTask(
            id: "\(id).rangeOfMotionCheck", title: "Range of motion", carePlanID: planID,
            schedule: .dailyAllDay(from: start), groupIdentifier: "rangeOfMotionCheck", effectiveDate: start.startOfDay)
        try StudyStorage(database).write { db in
            try AccountStore.createAccount(account, in: db)
            _ = try db.care.addPatient(Patient(id: id, name: email, timeZoneIdentifier: "UTC"))
            _ = try db.care.addCarePlan(CarePlan(id: planID, title: "Recover", patientID: id))
            for task in [onboarding, checkin, motion] { _ = try db.care.addTask(task) }
            if onboarded {
                _ = try db.care.addOutcome(
                    Outcome(
                        taskID: onboarding.id, taskVersionID: onboarding.versionID, occurrenceIndex: 0,
                        values: [OutcomeValue(.date(joined), kind: "onboarding.completionStep")], createdDate: joined))
            }
            for (daysAgo, (pain, sleep)) in checkins {
                _ = try db.care.addOutcome(
                    Outcome(
                        taskID: checkin.id, taskVersionID: checkin.versionID, occurrenceIndex: joinedDaysAgo - daysAgo,
                        values: [
                            OutcomeValue(.integer(pain), kind: "checkin.form.pain"),
                            OutcomeValue(.integer(sleep), kind: "checkin.form.sleep", unit: "h"),
                        ], createdDate: clock.now.addingTimeInterval(-Double(daysAgo) * 86_400)))
            }
            for (daysAgo, degrees) in ranges {
                _ = try db.care.addOutcome(
                    Outcome(
                        taskID: motion.id, taskVersionID: motion.versionID, occurrenceIndex: joinedDaysAgo - daysAgo,
                        values: [OutcomeValue(.double(degrees), kind: "range", unit: "deg")],
                        createdDate: clock.now.addingTimeInterval(-Double(daysAgo) * 86_400)))
            }
        }
        return id
    }

    func client() -> ConsoleClient { ConsoleClient(fixture: self, respond: app.respond(to:)) }
}

/// An in-process browser for console tests.
typealias ConsoleClient = TestClient<ConsoleFixture>

extension TestClient where Fixture == ConsoleFixture {
    /// Signs in with the fixture's password.
    mutating func signIn(_ email: String, password: String = ConsoleFixture.password) {
        get("/sign-in")
        post("/sign-in", form: ["email": email, "password": password])
    }
}
