import Foundation
import RecoverData
import RecoverWeb
import Testing
import Web

/// The current-password check of `/account/password` is throttled like a sign-in.
@Suite struct PasswordChangeThrottleTests {
    @Test func wrongCurrentPasswordsSlowTheCheckDownBeforeItHashes() throws {
        let fixture = try ThrottleFixture()
        try fixture.participant("pat@example.com")
        var browser = fixture.browser(from: "192.0.2.60")
        #expect(browser.signIn("pat@example.com", "correct horse battery").status == .seeOther)
        browser.get("/account")
        let change = ["password": "kiwi tiger lamp orbit", "confirmation": "kiwi tiger lamp orbit"]
        for _ in 0..<5 {
            let wrong = browser.post("/account/password", form: change.merging(["current": "a guess"]) { $1 })
            #expect(wrong.status == .unprocessableContent)
            #expect(browser.lastPage.contains("The current password is wrong."))
        }
        let checks = fixture.hasher.verifications
        let refused = browser.post(
            "/account/password", form: change.merging(["current": "correct horse battery"]) { $1 })
        #expect(refused.status == .tooManyRequests)
        #expect(refused.header("Retry-After") == "30")
        #expect(browser.lastPage.contains("Too many wrong current passwords. Wait 30 seconds and try again."))
        #expect(fixture.hasher.verifications == checks)
        fixture.clock.advance(by: 30)
        let changed = browser.post(
            "/account/password", form: change.merging(["current": "correct horse battery"]) { $1 })
        #expect(changed.status == .seeOther)
        #expect(changed.header("Location") == "/account?saved=1")
    }
}
