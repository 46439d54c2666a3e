import Dispatch
import Foundation
import RecoverData
import Synchronization
import Testing

/// The throttle's part of the ``AccountDirectory`` contract: reservations counted and recorded atomically,
/// backoff from the latest attempt, releases, and the join that answers alike for a registered e-mail.
@Suite struct AccountDirectoryThrottleContractTests {
    typealias Kind = AccountDirectoryContractTests.Kind

    static let start = AccountDirectoryContractTests.start
    static let limits = ThrottleLimits(allowance: 2, window: 3600, baseDelay: 10, maximumDelay: 40)

    static func rule(_ key: String, _ limits: ThrottleLimits = limits) -> ThrottleRule {
        ThrottleRule(key: key, limits: limits)
    }

    @Test(arguments: Kind.allCases) func parallelReservationsNeverExceedTheAllowance(kind: Kind) throws {
        let directory = try AccountDirectoryContractTests.make(kind)
        let limits = ThrottleLimits(allowance: 5, window: 3600, baseDelay: 30, maximumDelay: 900)
        let granted = Atomic(0)
        let failed = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            do {
                let decision = try directory.reserveAttempt(
                    "attempt-\(index)", under: [Self.rule("account:a", limits), Self.rule("address:x", limits)],
                    at: Self.start)
                if decision == .reserved { granted.add(1, ordering: .relaxed) }
            } catch {
                failed.add(1, ordering: .relaxed)
            }
        }
        #expect(failed.load(ordering: .relaxed) == 0)
        #expect(granted.load(ordering: .relaxed) == 5)
        #expect(try directory.signInFailureCount(key: "account:a", since: Self.start) == 5)
        #expect(try directory.signInFailureCount(key: "address:x", since: Self.start) == 5)
    }

    @Test(arguments: Kind.allCases) func backoffDoublesFromTheLatestAttemptUpToTheCap(kind: Kind) throws {
        let directory = try AccountDirectoryContractTests.make(kind)
        var clock = Self.start
        func reserve() throws -> ThrottleDecision {
            try directory.reserveAttempt(UUID().uuidString, under: [Self.rule("k")], at: clock)
        }
        #expect(try reserve() == .reserved)
        #expect(try reserve() == .reserved)
        var waits: [TimeInterval] = []
        for _ in 0..<5 {
            guard case .wait(let wait) = try reserve() else {
                Issue.record("an attempt past the allowance went through at once")
                return
            }
            waits.append(wait)
            clock = clock.addingTimeInterval(wait - 1)
            #expect(try reserve() == .wait(1), "refused until the whole delay has passed")
            clock = clock.addingTimeInterval(1)
            #expect(try reserve() == .reserved)
        }
        #expect(waits == [10, 20, 40, 40, 40])
    }

    @Test(arguments: Kind.allCases) func aRefusedAttemptRecordsNothingUnderAnyKey(kind: Kind) throws {
        let directory = try AccountDirectoryContractTests.make(kind)
        for index in 0..<2 {
            _ = try directory.reserveAttempt("a\(index)", under: [Self.rule("account:a")], at: Self.start)
        }
        let decision = try directory.reserveAttempt(
            "b", under: [Self.rule("account:a"), Self.rule("address:x")], at: Self.start)
        #expect(decision == .wait(10))
        #expect(try directory.signInFailureCount(key: "address:x", since: Self.start) == 0)
        #expect(try directory.signInFailureCount(key: "account:a", since: Self.start) == 2)
    }

    @Test(arguments: Kind.allCases) func attemptsOlderThanTheWindowDoNotCount(kind: Kind) throws {
        let directory = try AccountDirectoryContractTests.make(kind)
        for index in 0..<3 {
            try directory.recordSignInFailure(key: "k", at: Self.start.addingTimeInterval(Double(index)))
        }
        #expect(
            try directory.reserveAttempt("x", under: [Self.rule("k")], at: Self.start.addingTimeInterval(3))
                != .reserved)
        let later = Self.start.addingTimeInterval(Self.limits.window + 1)
        #expect(try directory.reserveAttempt("y", under: [Self.rule("k")], at: later) == .reserved)
    }

    @Test(arguments: Kind.allCases) func releasingForgetsTheAttemptAndClearsTheNamedKeysOnly(kind: Kind) throws {
        let directory = try AccountDirectoryContractTests.make(kind)
        try directory.recordSignInFailure(key: "account:a", at: Self.start)
        try directory.recordSignInFailure(key: "address:x", at: Self.start)
        let rules = [Self.rule("account:a"), Self.rule("address:x")]
        #expect(try directory.reserveAttempt("ok", under: rules, at: Self.start) == .reserved)
        #expect(try directory.signInFailureCount(key: "address:x", since: Self.start) == 2)
        try directory.releaseAttempt("ok", clearing: ["account:a"])
        #expect(try directory.signInFailureCount(key: "account:a", since: Self.start) == 0)
        #expect(try directory.signInFailureCount(key: "address:x", since: Self.start) == 1)
    }

    @Test(arguments: Kind.allCases) func joiningWithARegisteredEmailUsesTheInvitationAndAddsNothing(kind: Kind) throws {
        let directory = try AccountDirectoryContractTests.make(kind)
        let existing = AccountDirectoryContractTests.participant("a@example.com")
        try directory.addAccount(existing)
        try directory.addInvitation(code: "code1", createdBy: nil, at: Self.start)
        try directory.addInvitation(code: "code2", createdBy: nil, at: Self.start)
        let again = AccountDirectoryContractTests.participant("a@example.com")
        #expect(try !directory.redeemInvitationEvenIfEmailTaken(code: "code1", account: again, at: Self.start))
        #expect(try !directory.invitationIsOpen(code: "code1"))
        #expect(try directory.account(email: "a@example.com")?.id == existing.id)
        #expect(try directory.account(id: again.id) == nil)
        let fresh = AccountDirectoryContractTests.participant("b@example.com")
        #expect(try directory.redeemInvitationEvenIfEmailTaken(code: "code2", account: fresh, at: Self.start))
        #expect(try directory.account(email: "b@example.com")?.id == fresh.id)
        #expect(throws: AccountDirectoryError.invitationUnavailable) {
            try directory.redeemInvitationEvenIfEmailTaken(
                code: "code2", account: AccountDirectoryContractTests.participant("c@example.com"), at: Self.start)
        }
        #expect(try directory.account(email: "c@example.com") == nil)
    }
}
