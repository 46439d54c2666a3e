import CareSQLite
import Cryptography
import Foundation
import RecoverApp
import RecoverData
import RecoverWeb
import SQLite
import Synchronization
import Testing
import Web
import WebTesting

/// The whole app (``RecoverApp``) on a real SQLite data folder, with a study clock the test moves by whole days
/// (sessions keep the unshifted clock).
struct StudyFixture {
    let app: WebApp
    let database: Database
    let directory: any AccountDirectory
    let clock: ManualClock
    /// The whole app the client talks to.
    let recover: RecoverApp
    let shift: Shift

    final class Shift: Sendable {
        let days = Mutex(0)
    }

    /// The app on the data folder `folder`; `configure` may change the test configuration (a counting hasher,
    /// a trusted proxy).
    init(
        folder: URL, uploadLimit: Int = MediaServices.defaultUploadLimit,
        configure: (inout AppConfiguration) -> Void = { _ in }
    ) throws {
        let clock = ManualClock()
        let shift = Shift()
        var configuration = AppConfiguration.forTests(
            folder: folder, clock: { clock.now },
            studyClock: { clock.now.addingTimeInterval(TimeInterval(shift.days.withLock { $0 }) * 86_400) },
            uploadLimit: uploadLimit)
        configure(&configuration)
        let recover = try RecoverApp(configuration: configuration)
        self.recover = recover
        database = try #require(recover.folder.database)
        directory = recover.folder.directory
        self.clock = clock
        self.shift = shift
        app = recover.web
    }
}

/// A participant in an in-process app with the study pages (``StudyFixture``).
typealias StudyClient = TestClient<StudyFixture>

extension TestClient where Fixture == StudyFixture {
    /// A participant over a data folder of its own.
    init() throws {
        try self.init(
            folder: FileManager.default.temporaryDirectory.appending(path: "recover-study-tests")
                .appending(path: UUID().uuidString))
    }

    /// A participant client over the whole app on the data folder `folder`, its configuration changed by
    /// `configure`.
    init(
        folder: URL, uploadLimit: Int = MediaServices.defaultUploadLimit,
        configure: (inout AppConfiguration) -> Void = { _ in }
    ) throws {
        let fixture = try StudyFixture(folder: folder, uploadLimit: uploadLimit, configure: configure)
        self.init(fixture: fixture, respond: fixture.app.respond(to:))
    }

    /// Makes "today" `days` days after the real test day.
    func moveToday(by days: Int) { fixture.shift.days.withLock { $0 = days } }

    /// Joins through a fresh invitation, signs in as the join's answer asks, and stays signed in.
    mutating func join(email: String = "pat@example.com", password: String = "correct horse battery") throws {
        let clock = fixture.clock
        try join(
            Enrollment(directory: fixture.directory, hasher: PasswordHasher(strength: .minimum), now: { clock.now }),
            email: email, password: password)
    }

    /// The fields of a drawn signature.
    static let signature: [String: String] = [
        "consent.name": "Ada Lovelace",
        "consent.signature.strokes": "[[{\"x\":10,\"y\":10,\"t\":0},{\"x\":40,\"y\":30,\"t\":16}]]",
        "consent.signature.image": "data:image/png;base64,"
            + Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]).base64EncodedString(),
    ]

    /// A surgery date onboarding accepts on the study's today: three weeks before it (UTC).
    var surgeryDate: String {
        let shift = TimeInterval(fixture.shift.days.withLock { $0 }) * 86_400
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let day = calendar.dateComponents(
            [.year, .month, .day], from: fixture.clock.now.addingTimeInterval(shift - 21 * 86_400))
        return String(format: "%04d-%02d-%02d", day.year ?? 2000, day.month ?? 1, day.day ?? 1)
    }

    /// Goes through onboarding (occurrence `occurrence`) from its current step to the end.
    mutating func completeOnboarding(occurrence: Int = 0, checkinTime: String = "08:00", knee: String = "left") {
        let path = "/survey/onboarding/\(occurrence)"
        let pages: [(String, [String: String])] = [
            ("onboarding.welcome", [:]),
            ("onboarding.overview", [:]),
            ("onboarding.signatureCapture", Self.signature),
            (
                "onboarding.requestPermissionsStep",
                [
                    "permission.health.read.stepCount": "granted",
                    "permission.health.read.distanceWalkingRunning": "granted",
                    "permission.health.read.activeEnergyBurned": "granted",
                    "permission.health.read.heartRate": "granted",
                    "permission.health.read.sleepAnalysis": "granted",
                    "permission.health.write.stepCount": "declined",
                    "permission.notifications": "granted", "permission.motion": "granted",
                ]
            ),
            (
                "onboarding.goals",
                [
                    "onboarding.goals.knee": knee, "onboarding.goals.surgeryDate": surgeryDate,
                    "onboarding.goals.goal": "Climb stairs", "onboarding.goals.kneeBend": "110",
                    "onboarding.goals.checkinTime": checkinTime,
                ]
            ),
        ]
        open(path)
        // From the step the draft is at: a page before it would go back to it.
        let current = pages.firstIndex { lastPage.contains("name=\"step\" value=\"\($0.0)\"") } ?? 0
        for (step, fields) in pages[current...] {
            var form = fields
            form["step"] = step
            form["action"] = "next"
            post(path, form: form)
        }
    }
}

extension TestClient {
    /// GETs `path` and follows a redirect to a survey step's own URL (`/survey/…/step/N`), as a browser does;
    /// other redirects (the gate's, to the feed) are returned as they are.
    @discardableResult
    mutating func open(_ path: String, query: [String: String] = [:]) -> Response {
        let response = get(path, query: query)
        guard response.status == .seeOther, let location = response.header("Location"), location.hasPrefix("/survey/")
        else { return response }
        return get(location)
    }
}
