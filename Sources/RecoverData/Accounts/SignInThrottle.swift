import Cryptography
import Foundation

/// Slows password guessing down without locking anyone out (docs/security.md).
///
/// Every password check (sign-in, the current password on a password change, a join) first reserves an
/// attempt, in the same write transaction that counts the earlier ones, so parallel requests cannot outrun
/// the count; the password is checked only when the reservation is granted. A reservation counts as a failure
/// until ``succeeded(_:)`` releases it. Attempts are counted
/// - from a browser that has signed in to the account before (a known device, ``KnownDevices``): under that
///   device only, so guesses from elsewhere never slow its owner down;
/// - from anywhere else: under the account (or invitation) and under the client's address, whose limits are
///   looser, so the people behind one proxy or NAT are slowed down together, never refused.
///
/// ```swift
/// switch try throttle.reserve(SignInThrottle.Attempt(subject: .account(email), address: ip, device: nil)) {
/// case .wait(let seconds): // answer 429 with Retry-After: seconds
/// case .granted(let reservation):
///     if hasher.verify(password, against: hash) { try throttle.succeeded(reservation) }
/// }
/// ```
public struct SignInThrottle: Sendable {
    /// Where attempts are counted.
    public let directory: any AccountDirectory
    /// Per account or invitation, from unknown devices: 5 a day, then 30 s doubling up to 15 minutes.
    public var subject = ThrottleLimits(allowance: 5, window: 86_400, baseDelay: 30, maximumDelay: 15 * 60)
    /// Per known device and account: the same figures as an account's.
    public var device = ThrottleLimits(allowance: 5, window: 86_400, baseDelay: 30, maximumDelay: 15 * 60)
    /// Per client address (an IPv6 address by its /64), from unknown devices: 20 an hour, then 1 s doubling
    /// up to a minute; an address is shared by everyone behind a proxy or NAT, so it is slowed, never shut.
    public var address = ThrottleLimits(allowance: 20, window: 3600, baseDelay: 1, maximumDelay: 60)
    /// The current instant.
    public let now: @Sendable () -> Date

    /// A throttle counting attempts in `directory`, with the default limits; `now` defaults to the system clock.
    public init(directory: any AccountDirectory, now: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.now = now
    }

    /// What a password is checked for.
    public enum Subject: Sendable, Hashable {
        /// The account with this e-mail address, registered or not (sign-in, password change).
        case account(email: String)
        /// The invitation with this code (join).
        case invitation(code: String)
    }

    /// One password check about to happen.
    public struct Attempt: Sendable, Hashable {
        /// What the password is for.
        public var subject: Subject
        /// The client's address (``NetworkAddress`` text, or the transport's when unparseable).
        public var address: String
        /// The id of the known device the request comes from, when its cookie is valid for the subject.
        public var device: String?

        /// A check of the password for `subject` from `address`, from the known device `device` (nil: none).
        public init(subject: Subject, address: String, device: String?) {
            self.subject = subject
            self.address = address
            self.device = device
        }
    }

    /// A granted attempt, counted until ``succeeded(_:)``.
    public struct Reservation: Sendable, Hashable {
        let id: String
        /// The keys a success clears: the device's, or the subject's (never the address's).
        let clears: [String]
    }

    /// What ``reserve(_:)`` decided.
    public enum Decision: Sendable, Hashable {
        /// Check the password; report a right one with ``succeeded(_:)``.
        case granted(Reservation)
        /// Do not check the password; the client may try again after this many whole seconds (at least 1).
        case wait(seconds: Int)
    }

    /// Reserves `attempt` under its keys, or says how long to wait.
    public func reserve(_ attempt: Attempt) throws -> Decision {
        let rules: [ThrottleRule]
        if let device = attempt.device {
            rules = [ThrottleRule(key: "device:" + Crypto.sha256Hex(device), limits: self.device)]
        } else {
            rules = [
                ThrottleRule(key: Self.key(attempt.subject), limits: subject),
                ThrottleRule(key: "address:" + Crypto.sha256Hex(Self.addressGroup(attempt.address)), limits: address),
            ]
        }
        let id = Crypto.randomToken(bytes: 16)
        switch try directory.reserveAttempt(id, under: rules, at: now()) {
        case .reserved: return .granted(Reservation(id: id, clears: [rules[0].key]))
        case .wait(let seconds): return .wait(seconds: max(1, Int(seconds.rounded(.up))))
        }
    }

    /// The password was right: the attempt no longer counts, and the backoff of its device or subject ends
    /// (the address's stays: one account's success says nothing about the others tried from there).
    public func succeeded(_ reservation: Reservation) throws {
        try directory.releaseAttempt(reservation.id, clearing: reservation.clears)
    }

    /// The key of a subject: a hash, so no e-mail address or invitation code is stored with the attempts.
    static func key(_ subject: Subject) -> String {
        switch subject {
        case .account(let email): "account:" + Crypto.sha256Hex(Account.normalizedEmail(email))
        case .invitation(let code): "invitation:" + Crypto.sha256Hex(code)
        }
    }

    /// The addresses counted together: an IPv6 address by its /64 (what one subscriber gets), others as they are.
    public static func addressGroup(_ address: String) -> String {
        NetworkAddress(address)?.throttleGroup ?? address
    }
}
