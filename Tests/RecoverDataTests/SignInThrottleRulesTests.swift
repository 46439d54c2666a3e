import Foundation
import RecoverData
import Testing

@Suite struct SignInThrottleRulesTests {
    static func throttle(_ directory: InMemoryAccountDirectory) -> SignInThrottle {
        SignInThrottle(directory: directory, now: { Date(timeIntervalSince1970: 1_800_000_000) })
    }

    static func attempt(_ email: String, from address: String = "192.0.2.1", device: String? = nil)
        -> SignInThrottle.Attempt
    {
        SignInThrottle.Attempt(subject: .account(email: email), address: address, device: device)
    }

    @Test func aKnownDeviceIsCountedApartFromTheAccountAndTheAddress() throws {
        let throttle = Self.throttle(InMemoryAccountDirectory())
        for _ in 0..<25 { _ = try throttle.reserve(Self.attempt("pat@example.com")) }
        #expect(try throttle.reserve(Self.attempt("pat@example.com")) == .wait(seconds: 30))
        #expect(try throttle.reserve(Self.attempt("ana@example.com")) != .wait(seconds: 30))
        guard case .granted = try throttle.reserve(Self.attempt("pat@example.com", device: "phone")) else {
            Issue.record("the known device had to wait for others' failures")
            return
        }
    }

    @Test func aSuccessClearsTheAccountButNotTheAddress() throws {
        let directory = InMemoryAccountDirectory()
        let throttle = Self.throttle(directory)
        for index in 0..<20 { _ = try throttle.reserve(Self.attempt("x\(index)@example.com")) }
        for _ in 0..<4 { _ = try throttle.reserve(Self.attempt("pat@example.com", from: "192.0.2.2")) }
        guard case .granted(let reservation) = try throttle.reserve(Self.attempt("pat@example.com", from: "192.0.2.2"))
        else {
            Issue.record("the fifth attempt was refused")
            return
        }
        try throttle.succeeded(reservation)
        #expect(try throttle.reserve(Self.attempt("pat@example.com", from: "192.0.2.3")) != .wait(seconds: 30))
        #expect(try throttle.reserve(Self.attempt("y@example.com")) == .wait(seconds: 1))
    }

    @Test func noEmailAddressOrCodeIsStoredWithTheAttempts() throws {
        let directory = InMemoryAccountDirectory()
        _ = try Self.throttle(directory).reserve(Self.attempt("Pat@Example.com"))
        #expect(try directory.signInFailureCount(key: "account:pat@example.com", since: .distantPast) == 0)
    }
}
