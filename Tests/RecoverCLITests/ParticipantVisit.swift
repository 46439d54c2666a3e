import Foundation
import ParticipantJourney

/// One participant's browser over ``LoopbackHTTP`` through the first day (join through an invitation, sign
/// in as the join's answer asks, onboarding with its consent signature, the check-in), kept across server
/// restarts: cookies and the
/// stage reached survive a request that got no answer, and ``proceed(port:acknowledge:)`` resumes from
/// the page the server shows next.
struct ParticipantVisit: Sendable {
    /// A write the server acknowledged (answered with the redirect it sends only after the commit).
    enum Write: Sendable {
        /// The account with this e-mail was created.
        case joined(email: String)
        /// Onboarding was completed; the outcome's id.
        case onboarded(outcome: String)
        /// The check-in was answered; the outcome's id.
        case checkedIn(outcome: String)
    }

    /// A response the journey did not expect (a bug, unlike a dropped connection).
    struct Surprise: Error, CustomStringConvertible {
        let description: String
    }

    private enum Stage: Sendable {
        case joining, signingIn, onboarding, checkingIn, done
    }

    let code: String
    let email: String
    /// The loopback address this participant's phone connects from: people have their own addresses, so
    /// the sign-in throttle's per-address backoff (docs/security.md) paces each of them, not the whole load.
    let source: String
    private var stage = Stage.joining
    /// Whether the last request of the current stage got no answer: its write may or may not have
    /// committed, so the next answer may say the stage is over already.
    private var interrupted = false
    private var cookies: [String: String] = [:]
    private var page = ""
    /// The servers the requests go to, in turn (one, or several instances of one study).
    private var ports: [UInt16] = []
    private var requests = 0

    /// The visit of the participant with invitation `code`, the `number`th of the load (0 to 62,499).
    init(code: String, number: Int) {
        self.code = code
        email = "p-\(code.lowercased())@example.com"
        let host = number % 62_500
        source = "127.1.\(host / 250).\(1 + host % 250)"
    }

    /// Whether the first day is over.
    var isFinished: Bool { stage == .done }

    static let password = "correct horse battery staple"

    /// The reason of the ``LoopbackHTTP/Unanswered`` a 503 answer is turned into.
    static let unavailable = "503 Service Unavailable"

    static let onboardingSteps = OnboardingForm.steps

    /// Goes on from where the visit stopped until the day is done; throws ``LoopbackHTTP/Unanswered`` when
    /// the server goes away (call again once one is up) and ``Surprise`` on an unexpected answer.
    mutating func proceed(port: UInt16, acknowledge: (Write) -> Void) throws {
        try proceed(ports: [port], acknowledge: acknowledge)
    }

    /// ``proceed(port:acknowledge:)`` with each request going to the next of `ports` in turn: instances of one
    /// study behind no proxy, so that every step (sign-in, CSRF token, draft, completion) crosses instances.
    mutating func proceed(ports: [UInt16], acknowledge: (Write) -> Void) throws {
        self.ports = ports
        do {
            while stage != .done {
                switch stage {
                case .joining: try join(acknowledge)
                case .signingIn: try signIn()
                case .onboarding: try onboard(acknowledge)
                case .checkingIn: try checkIn(acknowledge)
                case .done: break
                }
                interrupted = false
            }
        } catch let unanswered as LoopbackHTTP.Unanswered {
            interrupted = true
            throw unanswered
        }
    }

    private mutating func join(_ acknowledge: (Write) -> Void) throws {
        if try get("/join/\(code)", orElse: 410) == 410 {
            stage = .signingIn  // the lost answer's join committed: the account exists
            return
        }
        let form = [
            "email": email, "password": Self.password, "confirmation": Self.password, "timeZone": "Europe/Berlin",
        ]
        try submit("/join/\(code)", form)
        acknowledge(.joined(email: email))
        stage = .signingIn
    }

    /// The join answers alike for every e-mail and starts no session (docs/security.md): the browser signs in.
    private mutating func signIn() throws {
        if try get("/sign-in", orElse: 303) == 303 {
            stage = .onboarding  // signed in by the request whose answer was lost
            return
        }
        try submit("/sign-in", ["email": email, "password": Self.password])
        stage = .onboarding
    }

    private mutating func onboard(_ acknowledge: (Write) -> Void) throws {
        if try get("/survey/onboarding/0", orElse: 303) == 303 {
            stage = .checkingIn  // completed by the request whose answer was lost
            return
        }
        let run = try field("run")
        let current = try field("step")
        guard let first = Self.onboardingSteps.firstIndex(where: { $0.0 == current }) else {
            throw Surprise(description: "onboarding shows the unknown step \(current)")
        }
        for (step, fields) in Self.onboardingSteps[first...] {
            try submit("/survey/onboarding/0", fields.merging(["step": step, "action": "next", "run": run]) { $1 })
        }
        acknowledge(.onboarded(outcome: run))
        stage = .checkingIn
    }

    private mutating func checkIn(_ acknowledge: (Write) -> Void) throws {
        if try get("/survey/checkin/0", orElse: 303) == 303 {
            stage = .done
            return
        }
        let run = try field("run")
        try submit(
            "/survey/checkin/0",
            ["step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7", "run": run])
        acknowledge(.checkedIn(outcome: run))
        stage = .done
    }

    /// GETs a page: 200, or `alternative` when the stage was interrupted (the stage may be over).
    private mutating func get(_ path: String, orElse alternative: Int) throws -> Int {
        var reply = try send("GET", path, form: nil)
        // A survey's address leads to its current step's own URL, as a browser follows it.
        if reply.status == 303, let location = reply.location, location.contains("/step/") {
            reply = try send("GET", location, form: nil)
        }
        if reply.status == alternative, interrupted { return alternative }
        try expect(reply, 200, "GET", path)
        page = reply.body
        return 200
    }

    /// Posts a form with the page's CSRF token and expects the redirect that follows a committed write. A
    /// password check the throttle holds back (429) is sent again after its `Retry-After`, as a patient
    /// browser would: a server killed while checking a password leaves that attempt counted against the account
    /// and the participant's address.
    private mutating func submit(_ path: String, _ fields: [String: String]) throws {
        let form = fields.merging(["csrf": try field("csrf")]) { $1 }
        var reply = try send("POST", path, form: form)
        while reply.status == 429, let wait = reply.retryAfter {
            sleep(UInt32(min(max(wait, 1), 60)))
            reply = try send("POST", path, form: form)
        }
        try expect(reply, 303, "POST", path)
    }

    private mutating func send(_ method: String, _ path: String, form: [String: String]?) throws -> LoopbackHTTP.Reply {
        let port = ports[requests % ports.count]
        requests += 1
        let reply = try LoopbackHTTP.send(method, path, port: port, from: source, cookies: cookies, form: form)
        // The study database out of reach: nothing was written; the browser tries again later.
        if reply.status == 503 { throw LoopbackHTTP.Unanswered(reason: Self.unavailable) }
        for cookie in reply.cookies { cookies[cookie.name] = cookie.value }
        return reply
    }

    private func expect(_ reply: LoopbackHTTP.Reply, _ status: Int, _ method: String, _ path: String) throws {
        guard reply.status == status else {
            throw Surprise(description: "\(method) \(path.prefix(40)): \(reply.status), expected \(status)")
        }
    }

    /// The value of the hidden input `name` on the last page.
    private func field(_ name: String) throws -> String {
        guard let value = OnboardingForm.hiddenField(name, in: page) else {
            throw Surprise(description: "no \(name) field on the page")
        }
        return value
    }
}
