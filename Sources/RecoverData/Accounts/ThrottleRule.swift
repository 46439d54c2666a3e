import Foundation

/// How many attempts a key may have before they slow down, and how much.
///
/// `allowance` attempts within `window` go through at once; each further one waits `baseDelay` after the
/// latest attempt, doubled for every attempt past the allowance, never more than `maximumDelay`. Nothing is
/// ever refused for longer than that: a backoff, not a lockout.
///
/// ```swift
/// let limits = ThrottleLimits(allowance: 5, window: 86_400, baseDelay: 30, maximumDelay: 900)
/// limits.delay(after: 5)   // 30: the sixth attempt waits 30 s after the fifth
/// limits.delay(after: 9)   // 480
/// limits.delay(after: 50)  // 900
/// ```
public struct ThrottleLimits: Sendable, Hashable {
    /// Attempts within the window that need no wait.
    public var allowance: Int
    /// How far back attempts count, in seconds.
    public var window: TimeInterval
    /// The wait after the first attempt past the allowance, in seconds.
    public var baseDelay: TimeInterval
    /// The longest wait, in seconds.
    public var maximumDelay: TimeInterval

    /// Limits with these figures.
    public init(allowance: Int, window: TimeInterval, baseDelay: TimeInterval, maximumDelay: TimeInterval) {
        self.allowance = allowance
        self.window = window
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// How long after the latest of `attempts` counted attempts the next one may go through.
    public func delay(after attempts: Int) -> TimeInterval {
        guard attempts >= allowance else { return 0 }
        // Past 40 doublings any base is beyond any cap; the bound keeps pow finite.
        let doublings = Double(min(attempts - allowance, 40))
        return min(baseDelay * pow(2, doublings), maximumDelay)
    }

    /// How long an attempt at `now` still has to wait, given the key's `attempts` within the window and the
    /// time of the latest one.
    public func wait(attempts: Int, latest: Date?, now: Date) -> TimeInterval {
        guard let latest else { return 0 }
        return max(0, latest.addingTimeInterval(delay(after: attempts)).timeIntervalSince(now))
    }
}

/// One key attempts are counted under (an account, an address, a known device) and its limits.
public struct ThrottleRule: Sendable, Hashable {
    /// The key, for example `account:` and a hash of the e-mail address.
    public var key: String
    /// The limits of the key.
    public var limits: ThrottleLimits

    /// A rule for `key`.
    public init(key: String, limits: ThrottleLimits) {
        self.key = key
        self.limits = limits
    }
}

/// What ``AccountDirectory/reserveAttempt(_:under:at:)`` decided.
public enum ThrottleDecision: Sendable, Hashable {
    /// The attempt is recorded under every rule's key; it counts as a failure until it is released.
    case reserved
    /// No rule's key recorded anything; the longest wait, in seconds.
    case wait(TimeInterval)
}
