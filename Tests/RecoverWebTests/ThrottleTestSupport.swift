import Cryptography
import Foundation
import RecoverApp
import RecoverData
import RecoverWeb
import Synchronization
import Web

/// The minimum-cost hasher, counting its password checks; each check can be made slow so that parallel
/// requests overlap while they hash.
final class CountingHasher: PasswordHashing {
    private let base = PasswordHasher(strength: .minimum)
    private let checks = Atomic(0)
    private let checkDuration: TimeInterval

    init(checkDuration: TimeInterval = 0) { self.checkDuration = checkDuration }

    /// How many passwords were checked.
    var verifications: Int { checks.load(ordering: .sequentiallyConsistent) }

    func hash(_ password: String) throws -> String { try base.hash(password) }

    func verify(_ password: String, against hash: String) -> Bool {
        checks.add(1, ordering: .sequentiallyConsistent)
        if checkDuration > 0 { Thread.sleep(forTimeInterval: checkDuration) }
        return base.verify(password, against: hash)
    }
}

/// A whole app on a real SQLite file with a counting hasher, and browsers on it from chosen addresses.
struct ThrottleFixture {
    let hasher: CountingHasher
    /// The first browser; ``browser(from:)`` gives more on the same server.
    let client: StudyClient

    init(checkDuration: TimeInterval = 0, trustedProxy: String? = nil) throws {
        let hasher = CountingHasher(checkDuration: checkDuration)
        self.hasher = hasher
        client = try StudyClient(
            folder: FileManager.default.temporaryDirectory.appending(path: "recover-throttle-tests")
                .appending(path: UUID().uuidString)
        ) { configuration in
            configuration.passwordHasher = hasher
            configuration.trustedProxy = trustedProxy.flatMap(NetworkAddress.init)
        }
    }

    var clock: ManualClock { client.clock }

    /// A fresh browser (no cookies) on the same server, connecting from `address`, on the sign-in page.
    func browser(from address: String, headers: [String: String] = [:]) -> StudyClient {
        var browser = StudyClient(sharing: client)
        browser.clientAddress = address
        browser.headers = headers
        browser.get("/sign-in")
        return browser
    }

    /// A participant account with `password`.
    @discardableResult
    func participant(_ email: String, password: String = "correct horse battery") throws -> Account {
        let account = Account(
            email: email, passwordHash: try hasher.hash(password), role: .participant, timeZone: "UTC",
            createdAt: clock.now)
        try client.directory.addAccount(account)
        return account
    }
}

extension StudyClient {
    /// Posts the sign-in form.
    @discardableResult
    mutating func signIn(_ email: String, _ password: String) -> Response {
        post("/sign-in", form: ["email": email, "password": password])
    }

    /// Posts a wrong password for `email`, waiting out (on the manual clock) every 429 first, as a patient
    /// attacker would; returns the waits it was told.
    @discardableResult
    mutating func failPatiently(_ email: String) -> [Int] {
        var waits: [Int] = []
        while true {
            let response = signIn(email, "not the password")
            guard response.status == .tooManyRequests else { return waits }
            let wait = Int(response.header("Retry-After") ?? "") ?? 1
            waits.append(wait)
            fixture.clock.advance(by: TimeInterval(wait))
        }
    }
}
