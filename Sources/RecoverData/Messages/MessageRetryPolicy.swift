import Foundation

/// When a failed message is tried again: after ``firstDelay``, doubling per attempt up to ``maximumDelay``,
/// and given up (``OutboxMessage/State/failed``) after ``maximumAttempts``.
public struct MessageRetryPolicy: Hashable, Sendable {
    /// Seconds before the second attempt.
    public var firstDelay: TimeInterval
    /// The longest wait between attempts, in seconds.
    public var maximumDelay: TimeInterval
    /// Attempts in all before the message is given up (1 to 1000).
    public var maximumAttempts: Int
    /// How long a claim holds a message; longer than any send may take (the mailer's own deadline), so a live
    /// sender always finishes first and an expired lease means its sender died.
    public var lease: TimeInterval

    /// The default: 1 minute doubling to 6 hours, 12 attempts (about 1.8 days), a 5-minute lease.
    public init(
        firstDelay: TimeInterval = 60, maximumDelay: TimeInterval = 6 * 3600, maximumAttempts: Int = 12,
        lease: TimeInterval = 300
    ) {
        self.firstDelay = max(firstDelay, 0)
        self.maximumDelay = max(maximumDelay, self.firstDelay)
        self.maximumAttempts = min(max(maximumAttempts, 1), 1000)
        self.lease = max(lease, 1)
    }

    /// The wait after the `attempt`th failed attempt (1 for the first): doubling, never above the maximum.
    public func delay(afterAttempt attempt: Int) -> TimeInterval {
        let doublings = min(max(attempt - 1, 0), 40)
        return min(firstDelay * Double(1 << doublings), maximumDelay)
    }
}
