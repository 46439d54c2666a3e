import Foundation

/// Limits failed sign-ins per account and per client address within a sliding window.
public struct SignInThrottle: Sendable {
    public let directory: any AccountDirectory
    /// Failures allowed per account within the window.
    public var perAccount = 5
    /// Failures allowed per address within the window (several people may share an address).
    public var perAddress = 20
    /// The window.
    public var window: TimeInterval = 15 * 60
    public let now: @Sendable () -> Date

    public init(directory: any AccountDirectory, now: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.now = now
    }

    /// Whether another attempt for `email` from `address` must wait.
    public func isBlocked(email: String, address: String) throws -> Bool {
        let since = now().addingTimeInterval(-window)
        return try directory.signInFailureCount(key: Self.accountKey(email), since: since) >= perAccount
            || directory.signInFailureCount(key: Self.addressKey(address), since: since) >= perAddress
    }

    /// Records a failed attempt.
    public func recordFailure(email: String, address: String) throws {
        let time = now()
        try directory.recordSignInFailure(key: Self.accountKey(email), at: time)
        try directory.recordSignInFailure(key: Self.addressKey(address), at: time)
    }

    /// Forgets an account's failures after a successful sign-in.
    public func recordSuccess(email: String) throws {
        try directory.clearSignInFailures(key: Self.accountKey(email))
    }

    static func accountKey(_ email: String) -> String { "account:\(email)" }
    static func addressKey(_ address: String) -> String { "address:\(address)" }
}
