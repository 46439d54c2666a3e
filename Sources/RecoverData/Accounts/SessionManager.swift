import Cryptography
import Foundation

/// Starts, finds and ends sign-in sessions (OWASP ASVS: 256-bit CSPRNG tokens, a new token at
/// every sign-in, idle and absolute timeouts, server-side sign-out).
///
/// The cookie carries the token; the directory stores only its SHA-256. `now` is injectable so the
/// timeouts are tested without sleeping.
public struct SessionManager: Sendable {
    /// Where sessions are stored.
    public let directory: any AccountDirectory
    /// Inactivity after which a session ends.
    public let idleTimeout: TimeInterval
    /// Age after which a session ends whatever the activity.
    public let absoluteTimeout: TimeInterval
    /// The current instant.
    public let now: @Sendable () -> Date

    /// Activity is written back at most this often, to spare the database a write per request.
    static let touchInterval: TimeInterval = 60

    /// Sessions in `directory` that end after `idleTimeout` seconds of inactivity or `absoluteTimeout` seconds
    /// after they start (30 minutes and 12 hours by default); `now` defaults to the system clock.
    public init(
        directory: any AccountDirectory, idleTimeout: TimeInterval = 30 * 60, absoluteTimeout: TimeInterval = 12 * 3600,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.directory = directory
        self.idleTimeout = idleTimeout
        self.absoluteTimeout = absoluteTimeout
        self.now = now
    }

    /// Starts a session for `account`, ending `previousToken`'s session if given; returns the new
    /// cookie token.
    public func start(for account: Account, replacing previousToken: String?) throws -> String {
        if let previousToken { try directory.deleteSession(tokenHash: Crypto.sha256Hex(previousToken)) }
        let token = Crypto.randomToken(bytes: 32)
        let time = now()
        try directory.addSession(
            SessionRecord(
                tokenHash: Crypto.sha256Hex(token), accountID: account.id, csrfToken: Crypto.randomToken(bytes: 32),
                createdAt: time, lastSeenAt: time, absoluteExpiry: time.addingTimeInterval(absoluteTimeout)))
        return token
    }

    /// The live session for a cookie token, or `nil` (and the stored session removed) when it has
    /// expired, is unknown, or its account is gone or deactivated. A withdrawn participant keeps their session (they may
    /// still download their data); the study pages show them the withdrawn message instead of tasks.
    public func resume(token: String) throws -> SignedInSession? {
        if case .live(let session) = try resumption(token: token) { return session }
        return nil
    }

    /// What a cookie token gives: a live session, or a session that has just ended by its timeouts.
    public enum Resumption: Sendable {
        case live(SignedInSession)
        /// The session timed out (idle or absolute) and is removed; the id of its account, for pages that
        /// ask to sign in again to go on (never a session: nothing is allowed with it).
        case expired(accountID: String)
        case none
    }

    /// As ``resume(token:)``, telling a session that has timed out apart from none.
    public func resumption(token: String) throws -> Resumption {
        let hash = Crypto.sha256Hex(token)
        guard let found = try directory.signedInSession(tokenHash: hash) else {
            // Unknown token, or a session whose account is gone: remove what is left of it.
            if try directory.session(tokenHash: hash) != nil { try directory.deleteSession(tokenHash: hash) }
            return .none
        }
        let entry = found.entry
        let account = found.account
        let time = now()
        // A deactivated account's sessions end with its deactivation; one that slipped in between ends here.
        if account.isDeactivated {
            try directory.deleteSession(tokenHash: hash)
            return .none
        }
        if time >= entry.absoluteExpiry || time.timeIntervalSince(entry.lastSeenAt) >= idleTimeout {
            try directory.deleteSession(tokenHash: hash)
            return .expired(accountID: account.id)
        }
        var current = entry
        if time.timeIntervalSince(entry.lastSeenAt) >= Self.touchInterval {
            try directory.touchSession(tokenHash: hash, at: time)
            current.lastSeenAt = time
        }
        return .live(SignedInSession(account: account, entry: current))
    }

    /// Ends one session (sign out).
    public func end(token: String) throws {
        try directory.deleteSession(tokenHash: Crypto.sha256Hex(token))
    }

    /// Deletes expired sessions and sign-in failures older than a day (run periodically by the server).
    public func purgeExpired() throws {
        let time = now()
        try directory.purgeExpired(
            now: time, idleTimeout: idleTimeout, failuresBefore: time.addingTimeInterval(-86_400))
    }

    /// Ends every session of an account (sign out everywhere, password change).
    public func endAll(accountID: String) throws {
        try directory.deleteSessions(accountID: accountID)
    }
}
