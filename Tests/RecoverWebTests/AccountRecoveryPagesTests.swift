import Cryptography
import Delivery
import Foundation
import MailTestSupport
import RecoverApp
import RecoverData
import RecoverWeb
import Testing
import Web
import WebTesting

/// The whole app with mail through a real SMTP server (aiosmtpd): "Forgot password?", the e-mail, the link,
/// the new password, and the console's reset links and deactivation.
final class RecoveryFixture: Sendable {
    let folder: URL
    let clock = ManualClock()
    let recover: RecoverApp
    let smtp: SMTPTestServer?
    static let password = "correct horse battery"
    static let publicURL = "https://recover.test"

    /// With `mail`, the app sends through a fresh aiosmtpd; without, no relay is configured.
    init(mail: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "recovery-\(UUID().uuidString)")
        let clock = self.clock
        var configuration = AppConfiguration.forTests(folder: folder, clock: { clock.now })
        if mail {
            let server = try SMTPTestServer.start()
            smtp = server
            configuration.mail = MailConfiguration(
                relay: try SMTPRelay(url: "smtp://127.0.0.1:\(server.port)?tls=none"), from: "study@recover.test",
                publicURL: Self.publicURL)
        } else {
            smtp = nil
        }
        recover = try RecoverApp(configuration: configuration)
    }

    deinit {
        recover.mail.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    var enrollment: Enrollment {
        Enrollment(
            directory: recover.folder.directory, hasher: PasswordHasher(strength: .minimum),
            now: { [clock] in clock.now })
    }

    func client() -> TestClient<RecoveryFixture> { TestClient(fixture: self, respond: recover.web.respond(to:)) }

    @discardableResult
    func account(_ email: String, role: AccountRole = .participant) throws -> Account {
        if role.isStaff {
            return try enrollment.addStaff(email: email, role: role, password: Self.password, timeZone: "UTC")
        }
        let account = Account(
            email: email, passwordHash: try PasswordHasher(strength: .minimum).hash(Self.password), role: role,
            language: "en", timeZone: "UTC", createdAt: clock.now)
        try recover.folder.directory.addAccount(account)
        return account
    }

    /// Sends what is due through the relay and returns the messages received so far, waiting for `count`.
    func deliver(waitingFor count: Int) throws -> [ParsedMail] {
        let smtp = try #require(smtp)
        // The push sender signs with the real clock: a push service checks the VAPID token's expiry against its own.
        let vapid = VAPID(
            key: try VAPIDKeys.keyPair(in: recover.folder.records.database), subject: "mailto:study@recover.test")
        let sender = OutboxSender(
            outbox: recover.mail.outbox,
            mailer: SMTPMailer(relay: try SMTPRelay(url: "smtp://127.0.0.1:\(smtp.port)?tls=none")),
            composer: MessageComposer(from: "study@recover.test", publicURL: Self.publicURL),
            push: WebPushSender(vapid: vapid), clock: { [clock] in clock.now })
        _ = try sender.sendAllDue()
        return try smtp.waitForMessages(count).map { try ParsedMail($0.raw) }
    }
}

extension TestClient where Fixture == RecoveryFixture {
    @discardableResult
    mutating func signIn(_ email: String, password: String = RecoveryFixture.password) -> Response {
        get("/sign-in")
        return post("/sign-in", form: ["email": email, "password": password])
    }
}

@Suite(.enabled(if: SMTPTestServer.isAvailable, SMTPTestServer.skipMessage))
struct AccountRecoveryPagesTests {
    /// The reset code in a received reset e-mail's link (after `#`).
    static func code(in mail: ParsedMail) throws -> String {
        let text = mail.parts[0].body
        let start = try #require(text.range(of: "\(RecoveryFixture.publicURL)/reset-password#"))
        return String(text[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }

    @Test func forgotPasswordMailLinkNewPasswordSignsInOnceAndEndsOldSessions() throws {
        let fixture = try RecoveryFixture()
        try fixture.account("ada@example.org")
        var old = fixture.client()
        #expect(old.signIn("ada@example.org").status == .seeOther)
        #expect(old.get("/account").status == .ok)

        var browser = fixture.client()
        let signIn = browser.get("/sign-in")
        #expect(signIn.text.contains("href=\"/forgot-password\""))
        #expect(browser.get("/forgot-password").text.contains("name=\"email\""))
        let asked = browser.post("/forgot-password", form: ["email": "ada@example.org"])
        let unknown = browser.post("/forgot-password", form: ["email": "nobody@example.org"])
        #expect(asked.status == .ok && unknown.status == .ok)
        #expect(asked.text == unknown.text.replacingOccurrences(of: unknown.csrfValue, with: asked.csrfValue))

        let mails = try fixture.deliver(waitingFor: 1)
        #expect(mails.count == 1, "only the address with an account gets mail")
        let mail = mails[0]
        #expect(mail.headers["to"] == "<ada@example.org>")
        #expect(mail.headers["subject"] == "Choose a new password for Recover")
        let code = try Self.code(in: mail)
        #expect(code.utf8.count == 43)
        #expect(mail.parts[1].body.contains("href=\"\(RecoveryFixture.publicURL)/reset-password#\(code)\""))

        let page = browser.get("/reset-password")
        #expect(page.text.contains("data-reset-code"))
        let new = "a brand new password"
        let reset = browser.post("/reset-password", form: ["code": code, "password": new, "confirmation": new])
        #expect(reset.status == .seeOther)
        #expect(reset.header("Location") == "/sign-in?reset=1")
        #expect(old.get("/account").status != .ok, "the old session is gone")
        #expect(browser.signIn("ada@example.org").status == .unauthorized, "the old password no longer works")
        #expect(browser.signIn("ada@example.org", password: new).header("Location") == "/")

        var again = fixture.client()
        again.get("/reset-password")
        let reused = again.post(
            "/reset-password", form: ["code": code, "password": "yet another one", "confirmation": "yet another one"])
        #expect(reused.status == .gone)
        #expect(reused.text.contains("already used"))
        #expect(again.signIn("ada@example.org", password: new).status == .seeOther, "nothing changed")

        let notices = try fixture.deliver(waitingFor: 2)
        #expect(notices.map { $0.headers["subject"] }.contains("Your Recover password was changed"))
    }

    @Test func aWrongOrExpiredCodeSaysWhatToDoAndChangesNothing() throws {
        let fixture = try RecoveryFixture()
        try fixture.account("ada@example.org")
        var browser = fixture.client()
        browser.get("/forgot-password")
        browser.post("/forgot-password", form: ["email": "ada@example.org"])
        let code = try Self.code(in: try fixture.deliver(waitingFor: 1)[0])
        browser.get("/reset-password")
        let wrong = browser.post(
            "/reset-password",
            form: ["code": "not-a-code", "password": "a brand new password", "confirmation": "a brand new password"])
        #expect(wrong.status == .badRequest)
        #expect(wrong.text.contains("not valid") && wrong.text.contains("href=\"/forgot-password\""))
        let weak = browser.post("/reset-password", form: ["code": code, "password": "short", "confirmation": "short"])
        #expect(weak.status == .unprocessableContent, "the password policy holds and the code stays usable")
        fixture.clock.advance(by: 3601)
        let late = browser.post(
            "/reset-password",
            form: ["code": code, "password": "a brand new password", "confirmation": "a brand new password"])
        #expect(late.status == .gone)
        #expect(late.text.contains("more than an hour old"))
        #expect(browser.signIn("ada@example.org").status == .seeOther, "the old password still works")
    }

    @Test func requestsForALinkAreThrottledPerAddress() throws {
        let fixture = try RecoveryFixture()
        var browser = fixture.client()
        browser.get("/forgot-password")
        let answers = (0..<4).map { _ in browser.post("/forgot-password", form: ["email": "ada@example.org"]).status }
        #expect(answers == [.ok, .ok, .ok, .tooManyRequests])
        let bad = browser.post("/forgot-password", form: ["email": "not an address"])
        #expect(bad.status == .unprocessableContent)
    }

    @Test func anAdminDeactivatesAResearcherWhoseNextRequestIsRefused() throws {
        let fixture = try RecoveryFixture()
        let researcher = try fixture.account("res@example.org", role: .researcher)
        try fixture.account("admin@example.org", role: .admin)
        var desk = fixture.client()
        desk.signIn("res@example.org")
        #expect(desk.get("/console").status == .ok)
        var admin = fixture.client()
        admin.signIn("admin@example.org")
        let staff = admin.get("/console/staff")
        #expect(staff.text.contains("/console/staff/\(researcher.id)/deactivate"))
        #expect(admin.post("/console/staff/\(researcher.id)/deactivate", form: [:]).status == .seeOther)
        #expect(admin.get("/console/staff", query: ["deactivated": "1"]).text.contains("The account is deactivated."))
        #expect(desk.get("/console").status != .ok, "the next request is refused")
        var again = fixture.client()
        let refused = again.signIn("res@example.org")
        #expect(refused.status == .forbidden)
        #expect(refused.text.contains("deactivated"))
        #expect(desk.post("/console/staff/\(researcher.id)/reactivate", form: [:]).status != .seeOther)
        #expect(admin.post("/console/staff/\(researcher.id)/reactivate", form: [:]).status == .seeOther)
        #expect(again.signIn("res@example.org").status == .seeOther)
    }

    @Test func anAdminSendsAParticipantAResetLink() throws {
        let fixture = try RecoveryFixture()
        let participant = try fixture.account("pat@example.org")
        let researcher = try fixture.account("res@example.org", role: .researcher)
        try fixture.account("admin@example.org", role: .admin)
        var desk = fixture.client()
        desk.signIn(researcher.email)
        desk.get("/console")
        #expect(desk.post("/console/accounts/\(participant.id)/reset-link", form: [:]).status == .forbidden)
        var admin = fixture.client()
        admin.signIn("admin@example.org")
        admin.get("/console/staff")
        let sent = admin.post("/console/accounts/\(participant.id)/reset-link", form: [:])
        #expect(sent.status == .seeOther, "\(sent.status) \(sent.text.prefix(300))")
        #expect(sent.header("Location") == "/console/participants/\(participant.id)?resetSent=1")
        let mail = try fixture.deliver(waitingFor: 1)[0]
        #expect(mail.headers["to"] == "<pat@example.org>")
        let log = admin.get("/console/messages")
        #expect(log.status == .ok)
        #expect(log.text.contains("pat@example.org") && log.text.contains("password reset"))
        #expect(!log.text.contains(try Self.code(in: mail)), "the log never shows a link")
        #expect(admin.get("/console/messages", query: ["kind": "nonsense"]).status == .badRequest)
        #expect(
            admin.get("/console/messages", query: ["state": "sent", "kind": "password-reset"]).text.contains(
                "pat@example.org"))
    }
}

@Suite struct AccountRecoveryWithoutMailTests {
    @Test func withoutARelayThePagesSaySoAndNothingIsQueued() throws {
        let fixture = try RecoveryFixture(mail: false)
        try fixture.account("ada@example.org")
        var browser = fixture.client()
        let page = browser.get("/forgot-password")
        #expect(page.text.contains("not set up"))
        #expect(!page.text.contains("name=\"email\""))
        let post = browser.post("/forgot-password", form: ["email": "ada@example.org"])
        #expect(post.status == .conflict)
        #expect(try fixture.recover.mail.outbox.log().isEmpty)
        try fixture.account("admin@example.org", role: .admin)
        var admin = fixture.client()
        admin.signIn("admin@example.org")
        #expect(admin.get("/console/messages").text.contains("Email is not set up"))
        #expect(admin.get("/console/staff").text.contains("Email is not set up"))
    }
}

extension Response {
    /// The CSRF token the page carries (differs per client).
    var csrfValue: String {
        guard let range = text.range(of: "name=\"csrf\" value=\"") else { return "" }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }
}

/// Invitations by e-mail from the console, and links that can no longer be used.
@Suite(.enabled(if: SMTPTestServer.isAvailable, SMTPTestServer.skipMessage))
struct InvitationMailTests {
    @Test func anAdminInvitesByEmailAndTheLinkJoinsOnceWithinItsDays() throws {
        let fixture = try RecoveryFixture()
        try fixture.account("admin@example.org", role: .admin)
        var admin = fixture.client()
        admin.signIn("admin@example.org")
        let page = admin.get("/console/invitations")
        #expect(page.text.contains("name=\"addresses\""))
        let bad = admin.post(
            "/console/invitations/email",
            form: ["addresses": "ada@example.org, not-an-address", "language": "zh-Hans", "days": "3"])
        #expect(bad.status == .unprocessableContent)
        #expect(bad.text.contains("not-an-address"))
        #expect(try fixture.recover.mail.outbox.log().isEmpty, "nothing sent when one address is wrong")
        let sent = admin.post(
            "/console/invitations/email",
            form: ["addresses": "ada@example.org\nbo@example.org, ADA@example.org", "language": "zh-Hans", "days": "3"])
        #expect(sent.header("Location") == "/console/invitations?emailed=2")
        let mails = try fixture.deliver(waitingFor: 2)
        #expect(Set(mails.compactMap { $0.headers["to"] }) == ["<ada@example.org>", "<bo@example.org>"])
        let mail = try #require(mails.first { $0.headers["to"] == "<ada@example.org>" })
        #expect(mail.headers["subject"] == "邀请您加入 Recover 研究")
        let text = mail.parts[0].body
        let start = try #require(text.range(of: "\(RecoveryFixture.publicURL)/join/"))
        let code = String(text[start.upperBound...].prefix { $0.isLetter || $0.isNumber })
        #expect(code.count == 16)
        let stored = try fixture.recover.folder.records.database.read { db in
            try db.query("SELECT code FROM invitation").map { try $0.string("code") }
        }
        #expect(stored.contains(Invitation.storedCode(code)) && !stored.contains(code), "only the hash is stored")
        #expect(try fixture.recover.mail.outbox.log().allSatisfy { $0.state == .sent })

        var browser = fixture.client()
        #expect(browser.get("/join/\(code)").status == .ok)
        fixture.clock.advance(by: 3 * 86_400)
        let expired = browser.get("/join/\(code)")
        #expect(expired.status == .gone)
        #expect(expired.text.contains("This invitation has expired.") && expired.text.contains("new invitation"))
        let unknown = browser.get("/join/nothing-like-it")
        #expect(unknown.status == .notFound)
        #expect(unknown.text.contains("not an invitation link we know"))
    }
}
