import Cryptography
import Foundation
import RecoverData
import Web

/// What handlers need from outside: account storage, sessions, throttling, known devices, password hashing,
/// the trusted proxy, the clock and the server's defaults. One value, captured by route handlers.
public struct WebServices: Sendable {
    /// Where accounts, invitations, sessions and sign-in attempts are stored.
    public let directory: any AccountDirectory
    /// Starts, resumes and ends sessions, with the idle and absolute timeouts the services were made with.
    public let sessions: SessionManager
    /// Slows password guessing down; every password check reserves an attempt with it first.
    public let throttle: SignInThrottle
    /// Hashes and checks passwords; ``PasswordHasher`` (Argon2id) unless a test gives another.
    public let hasher: any PasswordHashing
    /// The device cookies that exempt a browser from the throttling of others' guesses.
    public let knownDevices: KnownDevices
    /// The reverse proxy whose `X-Forwarded-For` is believed; nil: the socket's address is the client's.
    public let trustedProxy: NetworkAddress?
    /// A hash of a random password made by `hasher`, checked when a sign-in names no account, so that it
    /// costs what checking an account's password costs.
    public let unknownAccountHash: String
    /// The time zone a participant gets when the browser does not say.
    public let defaultTimeZone: String
    /// The server's public address for links in messages (`--public-url`), without a trailing slash. Links in
    /// e-mail are never built from the request's `Host`, which the sender of the request chooses (a reset link
    /// to someone else's server).
    public let publicURL: String?
    /// The current instant.
    public let now: @Sendable () -> Date

    /// The services over `directory`. Timeouts are in seconds: a session ends after `idleTimeout` without a
    /// request and `absoluteTimeout` after it began. `deviceKey` signs the known-device cookies (a random one
    /// forgets them at restart); a trailing slash of `publicURL` is dropped.
    public init(
        directory: any AccountDirectory,
        hasher: any PasswordHashing = PasswordHasher(),
        idleTimeout: TimeInterval = 30 * 60,
        absoluteTimeout: TimeInterval = 12 * 3600,
        defaultTimeZone: String = TimeZone.current.identifier,
        deviceKey: [UInt8] = Crypto.randomBytes(32),
        trustedProxy: NetworkAddress? = nil,
        publicURL: String? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.directory = directory
        self.hasher = hasher
        knownDevices = KnownDevices(key: deviceKey)
        self.trustedProxy = trustedProxy
        // Hashing fails only out of memory; an empty hash then just never matches.
        unknownAccountHash = (try? hasher.hash(Crypto.randomToken())) ?? ""
        self.defaultTimeZone = defaultTimeZone
        self.publicURL = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.now = now
        sessions = SessionManager(
            directory: directory, idleTimeout: idleTimeout, absoluteTimeout: absoluteTimeout, now: now)
        throttle = SignInThrottle(directory: directory, now: now)
    }

    /// The `Set-Cookie` value that carries a new session token.
    public func sessionCookie(token: String, for request: Request) -> String {
        Cookie(
            name: Cookie.name(SessionMiddleware.sessionCookie, secure: request.isSecure), value: token,
            secure: request.isSecure
        ).headerValue
    }

    /// The `Set-Cookie` value that removes the session cookie.
    public func clearedSessionCookie(for request: Request) -> String {
        Cookie(
            name: Cookie.name(SessionMiddleware.sessionCookie, secure: request.isSecure), value: "", maxAge: 0,
            secure: request.isSecure
        ).headerValue
    }

    /// The token of the request's session cookie, if it sent one.
    public func sessionToken(of request: Request) -> String? {
        request.cookies[Cookie.name(SessionMiddleware.sessionCookie, secure: request.isSecure)]
    }
}
