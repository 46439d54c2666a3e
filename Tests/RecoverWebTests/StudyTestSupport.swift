import CareSQLite
import Cryptography
import Foundation
import RecoverApp
import RecoverData
import RecoverWeb
import SQLite
import Synchronization

/// A participant in an in-process app with the study pages on a real SQLite file, and a study clock the
/// test moves by whole days (sessions keep the unshifted clock).
struct StudyClient {
    let app: WebApp
    let database: Database
    let directory: any AccountDirectory
    let clock: ManualClock
    var cookies: [String: String] = [:]
    var lastCSRF = ""
    var lastPage = ""
    /// The socket address requests come from.
    var clientAddress = "127.0.0.1"
    /// Headers added to every request (`X-Forwarded-For`, `Accept-Language`).
    var headers: [String: String] = [:]

    final class Shift: Sendable {
        let days = Mutex(0)
    }

    init() throws {
        try self.init(
            folder: FileManager.default.temporaryDirectory.appending(path: "recover-study-tests")
                .appending(path: UUID().uuidString))
    }

    /// A participant client over the whole app (``RecoverApp``) on the data folder `folder`; `configure` may
    /// change the test configuration (a counting hasher, a trusted proxy).
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
        database = recover.folder.database
        directory = recover.folder.directory
        self.clock = clock
        self.shift = shift
        app = recover.web
    }

    /// The whole app the client talks to.
    let recover: RecoverApp
    let shift: Shift

    /// Makes "today" `days` days after the real test day.
    func moveToday(by days: Int) { shift.days.withLock { $0 = days } }

    @discardableResult
    mutating func get(_ path: String, query: [String: String] = [:]) -> Response {
        send(Request(method: .get, path: path, query: query))
    }

    @discardableResult
    mutating func post(_ path: String, fields: [String: [String]], includeCSRF: Bool = true) -> Response {
        var form = fields
        if includeCSRF { form["csrf"] = [lastCSRF] }
        let body = form.sorted { $0.key < $1.key }.flatMap { name, values in
            values.map { "\(Self.encode(name))=\(Self.encode($0))" }
        }.joined(separator: "&")
        return send(
            Request(
                method: .post, path: path, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Array(body.utf8)))
    }

    @discardableResult
    mutating func post(_ path: String, form: [String: String]) -> Response {
        post(path, fields: form.mapValues { [$0] })
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    mutating func send(_ request: Request) -> Response {
        var request = request
        request.cookies = cookies
        request.clientAddress = clientAddress
        for (name, value) in headers { request.headers[name.lowercased()] = value }
        let response = app.respond(to: request)
        for cookie in response.cookies {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            if cookie.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        let text = String(decoding: response.body, as: UTF8.self)
        if let token = TestClient.csrf(in: text) { lastCSRF = token }
        lastPage = text
        return response
    }

    /// Joins through a fresh invitation, signs in as the join's answer asks, and stays signed in.
    mutating func join(email: String = "pat@example.com", password: String = "correct horse battery") throws {
        let enrollment = Enrollment(
            directory: directory, hasher: PasswordHasher(strength: .minimum), now: { [clock] in clock.now })
        let code = try enrollment.invite(count: 1, createdBy: nil)[0]
        get("/join/\(code)")
        post(
            "/join/\(code)",
            form: ["email": email, "password": password, "confirmation": password, "timeZone": "Asia/Shanghai"])
        get("/sign-in")
        post("/sign-in", form: ["email": email, "password": password])
        get("/")
    }

    /// The fields of a drawn signature.
    static let signature: [String: String] = [
        "consent.name": "Ada Lovelace",
        "consent.signature.strokes": "[[{\"x\":10,\"y\":10,\"t\":0},{\"x\":40,\"y\":30,\"t\":16}]]",
        "consent.signature.image": "data:image/png;base64,"
            + Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]).base64EncodedString(),
    ]

    /// Goes through onboarding (occurrence `occurrence`) from its current step to the end.
    mutating func completeOnboarding(occurrence: Int = 0, checkinTime: String = "08:00") {
        let path = "/survey/onboarding/\(occurrence)"
        let pages: [(String, [String: String])] = [
            ("onboarding.welcome", [:]),
            ("onboarding.overview", [:]),
            ("onboarding.signatureCapture", Self.signature),
            (
                "onboarding.requestPermissionsStep",
                [
                    "permission.health.read.activeEnergyBurned": "granted",
                    "permission.health.write.stepCount": "declined",
                    "permission.notifications": "granted", "permission.motion": "granted",
                ]
            ),
            (
                "onboarding.goals",
                [
                    "onboarding.goals.goal": "Climb stairs", "onboarding.goals.kneeBend": "110",
                    "onboarding.goals.checkinTime": checkinTime,
                ]
            ),
            ("onboarding.completionStep", [:]),
        ]
        get(path)
        for (step, fields) in pages {
            var form = fields
            form["step"] = step
            form["action"] = "next"
            post(path, form: form)
        }
    }
}
