import Cryptography
import Foundation
import RecoverData
import RecoverWeb
import Synchronization

/// A clock tests move by hand.
final class ManualClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// An in-process browser: sends requests through `WebApp.respond` (no socket), keeps cookies,
/// and picks CSRF tokens out of pages.
struct TestClient {
    let app: WebApp
    let directory: InMemoryAccountDirectory
    let clock: ManualClock
    var cookies: [String: String] = [:]
    var lastCSRF = ""
    var acceptLanguage: String?

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

    @discardableResult
    mutating func get(_ path: String, headers: [String: String] = [:]) -> Response {
        send(Request(method: .get, path: path, headers: headers))
    }

    @discardableResult
    mutating func post(_ path: String, form: [String: String], includeCSRF: Bool = true) -> Response {
        var fields = form
        if includeCSRF { fields["csrf"] = lastCSRF }
        return send(
            Request(
                method: .post, path: path, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Array(FormData(fields).encoded.utf8)))
    }

    mutating func send(_ request: Request) -> Response {
        var request = request
        request.cookies = cookies
        if let acceptLanguage, request.headers["accept-language"] == nil {
            request.headers["accept-language"] = acceptLanguage
        }
        let response = app.respond(to: request)
        for cookie in response.cookies {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            if cookie.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        if let token = Self.csrf(in: response.text) { lastCSRF = token }
        return response
    }

    static func csrf(in html: String) -> String? {
        guard let range = html.range(of: "name=\"csrf\" value=\"") else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// Joins through a fresh invitation, signs in as the join's answer asks, and stays signed in.
    mutating func join(email: String = "pat@example.com", password: String = "correct horse battery") throws {
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

extension Response {
    var text: String { String(decoding: body, as: UTF8.self) }
}
