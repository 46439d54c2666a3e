import Dispatch
import Foundation
import RecoverData
import RecoverWeb
import Synchronization
import Testing
import Web

/// Sign-in throttling without lockouts (docs/security.md), on the whole app over a real SQLite file.
@Suite struct SignInThrottleTests {
    @Test func aCorrectPasswordForAnotherAccountSignsInAfterFiftyFailuresFromTheSameAddress() throws {
        let fixture = try ThrottleFixture()
        try fixture.participant("ana@example.com")
        var attacker = fixture.browser(from: "203.0.113.7")
        for index in 0..<50 {
            attacker.failPatiently(index.isMultiple(of: 2) ? "pat@example.com" : "x\(index)@example.com")
        }

        var ana = fixture.browser(from: "203.0.113.7")
        var answer = ana.signIn("ana@example.com", "correct horse battery")
        if answer.status == .tooManyRequests {
            // The address is slowed down, never shut: at most the address's cap, a minute.
            let wait = try #require(Int(answer.header("Retry-After") ?? ""))
            #expect(wait <= 60)
            fixture.clock.advance(by: TimeInterval(wait))
            answer = ana.signIn("ana@example.com", "correct horse battery")
        }
        #expect(answer.status == .seeOther)
        #expect(answer.header("Location") == "/")
    }

    @Test func aKnownDeviceSignsInToItsAccountRightAfterFiftyFailuresAgainstIt() throws {
        let fixture = try ThrottleFixture()
        try fixture.participant("pat@example.com")
        var phone = fixture.browser(from: "198.51.100.4")
        #expect(phone.signIn("pat@example.com", "correct horse battery").status == .seeOther)
        #expect(phone.cookies["recover_device"] != nil)
        phone.get("/account")
        #expect(phone.post("/sign-out", form: [:]).header("Location") == "/sign-in")
        phone.get("/sign-in")

        var attacker = fixture.browser(from: "198.51.100.4")
        for _ in 0..<50 { attacker.failPatiently("pat@example.com") }
        let refused = attacker.signIn("pat@example.com", "correct horse battery")
        #expect(refused.status == .tooManyRequests, "an unknown browser waits out the account's backoff")

        let checksBefore = fixture.hasher.verifications
        let signedIn = phone.signIn("pat@example.com", "correct horse battery")
        #expect(signedIn.status == .seeOther)
        #expect(fixture.hasher.verifications == checksBefore + 1)
    }

    @Test func sixParallelGuessesAgainstOneAccountCheckAtMostFivePasswords() throws {
        let fixture = try ThrottleFixture(checkDuration: 0.05)
        try fixture.participant("pat@example.com")
        let browsers = (0..<6).map { _ in fixture.browser(from: "192.0.2.10") }
        let statuses = Mutex<[HTTPStatus]>([])
        DispatchQueue.concurrentPerform(iterations: browsers.count) { index in
            var browser = browsers[index]
            let status = browser.signIn("pat@example.com", "guess \(index)").status
            statuses.withLock { $0.append(status) }
        }
        #expect(fixture.hasher.verifications <= 5)
        let answered = statuses.withLock { $0 }
        #expect(answered.filter { $0 == .unauthorized }.count == fixture.hasher.verifications)
        #expect(answered.filter { $0 == .tooManyRequests }.count == 6 - fixture.hasher.verifications)
    }

    @Test func theWaitDoublesAfterFiveFailuresAndStopsAtFifteenMinutes() throws {
        let fixture = try ThrottleFixture()
        try fixture.participant("pat@example.com")
        var browser = fixture.browser(from: "192.0.2.20")
        for _ in 0..<5 { #expect(browser.signIn("pat@example.com", "wrong").status == .unauthorized) }
        var waits: [Int] = []
        var messages: [String] = []
        for _ in 0..<8 {
            let refused = browser.signIn("pat@example.com", "correct horse battery")
            #expect(refused.status == .tooManyRequests)
            waits.append(Int(refused.header("Retry-After") ?? "") ?? 0)
            messages.append(browser.lastPage)
            fixture.clock.advance(by: TimeInterval(waits.last ?? 0))
            #expect(browser.signIn("pat@example.com", "wrong").status == .unauthorized)
        }
        #expect(waits == [30, 60, 120, 240, 480, 900, 900, 900])
        #expect(messages[0].contains("Too many sign-in attempts. Wait 30 seconds and try again."))
        #expect(messages[5].contains("Wait 15 minutes"))
        fixture.clock.advance(by: 900)
        #expect(browser.signIn("pat@example.com", "correct horse battery").status == .seeOther)
    }

    @Test func aRefusedAttemptChecksNoPasswordAndASuccessEndsTheAccountsBackoff() throws {
        let fixture = try ThrottleFixture()
        try fixture.participant("pat@example.com")
        var browser = fixture.browser(from: "192.0.2.30")
        for _ in 0..<5 { browser.signIn("pat@example.com", "wrong") }
        #expect(fixture.hasher.verifications == 5)
        #expect(browser.signIn("pat@example.com", "correct horse battery").status == .tooManyRequests)
        #expect(fixture.hasher.verifications == 5)
        fixture.clock.advance(by: 30)
        #expect(browser.signIn("pat@example.com", "correct horse battery").status == .seeOther)
        var other = fixture.browser(from: "192.0.2.31")
        for _ in 0..<5 { #expect(other.signIn("pat@example.com", "wrong").status == .unauthorized) }
    }

    @Test func theThrottledPageIsInChineseToo() throws {
        let fixture = try ThrottleFixture()
        var browser = fixture.browser(from: "192.0.2.40", headers: ["Accept-Language": "zh-CN"])
        for _ in 0..<5 { browser.signIn("pat@example.com", "wrong") }
        let refused = browser.signIn("pat@example.com", "wrong")
        #expect(refused.status == .tooManyRequests)
        #expect(browser.lastPage.contains("登录尝试次数过多。请等待 30 秒后再试。"))
    }
}
