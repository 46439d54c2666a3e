import Foundation
import RecoverData
import RecoverWeb
import Testing
import Web

/// The join form answers alike whether or not the e-mail has an account, and is throttled like a sign-in.
@Suite struct JoinEnumerationTests {
    /// Joins with `email` through a fresh invitation and follows the answer; the page without its CSRF token.
    static func join(_ email: String, password: String, fixture: ThrottleFixture, language: String = "en") throws
        -> (status: HTTPStatus, location: String?, page: String, code: String)
    {
        let code = try Enrollment(directory: fixture.client.directory, hasher: fixture.hasher).invite(
            count: 1, createdBy: nil)[0]
        var browser = fixture.browser(from: "192.0.2.50", headers: ["Accept-Language": language])
        browser.get("/join/\(code)")
        let answer = browser.post(
            "/join/\(code)", form: ["email": email, "password": password, "confirmation": password])
        _ = browser.send(Request(method: .get, path: "/sign-in", query: ["joined": "1"]))
        let page = browser.lastPage.replacingOccurrences(of: browser.lastCSRF, with: "")
        return (answer.status, answer.header("Location"), page, code)
    }

    @Test(arguments: ["en", "zh-Hans"]) func theAnswerIsTheSameForARegisteredAndANewEmail(language: String) throws {
        let fixture = try ThrottleFixture()
        let existing = try fixture.participant("ana@example.com", password: "kiwi tiger lamp orbit")
        let registered = try Self.join(
            "ana@example.com", password: "a fresh passphrase here", fixture: fixture, language: language)
        let new = try Self.join(
            "bo@example.com", password: "a fresh passphrase here", fixture: fixture, language: language)
        #expect(registered.status == .seeOther)
        #expect(registered.status == new.status)
        #expect(registered.location == new.location)
        #expect(registered.page == new.page)
        let notice = language == "en" ? "If you already had an account with this email address" : "如果您之前已用这个电子邮箱注册过账户"
        #expect(registered.page.contains(notice))
        #expect(!registered.page.contains("ana@example.com"))
        // Both invitations are used up, so trying one again tells nothing either.
        #expect(try !fixture.client.directory.invitationIsOpen(code: registered.code))
        #expect(try !fixture.client.directory.invitationIsOpen(code: new.code))
        // The registered account is untouched: its own password still signs in, the join's does not.
        #expect(try fixture.client.directory.account(email: "ana@example.com")?.passwordHash == existing.passwordHash)
        var ana = fixture.browser(from: "192.0.2.51")
        #expect(ana.signIn("ana@example.com", "a fresh passphrase here").status == .unauthorized)
        #expect(ana.signIn("ana@example.com", "kiwi tiger lamp orbit").status == .seeOther)
        var bo = fixture.browser(from: "192.0.2.52")
        #expect(bo.signIn("bo@example.com", "a fresh passphrase here").status == .seeOther)
    }

    @Test func joinWaitsOutTheAddressesBackoffBeforeHashing() throws {
        let fixture = try ThrottleFixture()
        var attacker = fixture.browser(from: "192.0.2.50")
        for index in 0..<20 { attacker.signIn("x\(index)@example.com", "wrong") }
        let code = try Enrollment(directory: fixture.client.directory, hasher: fixture.hasher).invite(
            count: 1, createdBy: nil)[0]
        attacker.get("/join/\(code)")
        let form = [
            "email": "new@example.com", "password": "a fresh passphrase here",
            "confirmation": "a fresh passphrase here",
        ]
        let refused = attacker.post("/join/\(code)", form: form)
        #expect(refused.status == .tooManyRequests)
        #expect(refused.header("Retry-After") == "1")
        #expect(attacker.lastPage.contains("Too many attempts from your network. Wait 1 second and try again."))
        #expect(try fixture.client.directory.invitationIsOpen(code: code))
        fixture.clock.advance(by: 1)
        #expect(attacker.post("/join/\(code)", form: form).status == .seeOther)
    }
}
