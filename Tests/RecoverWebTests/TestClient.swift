import Cryptography
import Foundation
import RecoverData
import RecoverWeb
import Synchronization
import Web
import WebTesting

/// A clock tests move by hand.
final class ManualClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// The built-in pages alone (sign-in, join, account) over an in-memory account directory and a manual clock.
struct AccountsFixture {
    let app: WebApp
    let directory: InMemoryAccountDirectory
    let clock: ManualClock

    init() throws {
        let directory = InMemoryAccountDirectory()
        let clock = ManualClock()
        self.directory = directory
        self.clock = clock
        app = try WebApp(
            services: WebServices(
                directory: directory, hasher: PasswordHasher(strength: .minimum), defaultTimeZone: "UTC",
                now: { clock.now }))
    }

    var enrollment: Enrollment {
        Enrollment(directory: directory, hasher: PasswordHasher(strength: .minimum), now: { [clock] in clock.now })
    }
}

/// An in-process browser over ``AccountsFixture``.
typealias AccountsClient = TestClient<AccountsFixture>

extension TestClient where Fixture == AccountsFixture {
    /// A browser over a fresh fixture.
    init() throws {
        let fixture = try AccountsFixture()
        self.init(fixture: fixture, respond: fixture.app.respond(to:))
    }

    /// Joins through a fresh invitation, signs in as the join's answer asks, and stays signed in.
    mutating func join(email: String = "pat@example.com", password: String = "correct horse battery") throws {
        try join(fixture.enrollment, email: email, password: password)
    }
}

extension TestClient {
    /// Joins through a fresh invitation of `enrollment`, signs in as the join's answer asks, and stays signed in.
    mutating func join(_ enrollment: Enrollment, email: String, password: String) throws {
        let code = try enrollment.invite(count: 1, createdBy: nil)[0]
        get("/join/\(code)")
        post(
            "/join/\(code)",
            form: ["email": email, "password": password, "confirmation": password, "timeZone": "Asia/Shanghai"])
        get("/sign-in")
        post("/sign-in", form: ["email": email, "password": password])
        get("/")
    }
}
