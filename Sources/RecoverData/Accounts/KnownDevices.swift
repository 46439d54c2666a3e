import Cryptography
import Foundation

/// OWASP's device cookies: a browser that has signed in to an account keeps a token that names the account
/// only through an HMAC with a server key, so the sign-in throttle counts its attempts apart from everyone
/// else's (``SignInThrottle``) and an attacker's guesses never slow its owner down.
///
/// A token is `<device id>.<expiry>.<tag>`: 16 random bytes (base64url), the expiry in seconds since 1970,
/// and HMAC-SHA-256(key, `recover-device-v1|<device id>|<expiry>|<account id>`) in base64url. It holds no
/// e-mail, no account id and nothing else personal; only the server can tell which account it is for, and
/// only by trying the account it is asked about. One cookie keeps the tokens of the last few accounts signed
/// in to from that browser, separated by `~`.
///
/// ```swift
/// let devices = KnownDevices(key: serverKey)
/// let cookie = devices.cookieValue(adding: account.id, to: oldCookie, now: now)
/// devices.device(in: cookie, for: account.id, now: now)   // the device id: counted on its own
/// ```
public struct KnownDevices: Sendable {
    /// The HMAC key (32 bytes; derived from the server's signing key by the app).
    let key: [UInt8]
    /// How long a token stays good after the sign-in that issued it.
    public var lifetime: TimeInterval = 180 * 86_400
    /// The most tokens one cookie keeps (accounts signed in to from one browser).
    public static let maximumTokens = 4

    /// Device cookies signed with `key`.
    public init(key: [UInt8]) { self.key = key }

    /// The id of the device whose token in `cookie` is valid for `accountID` at `now`, or nil.
    public func device(in cookie: String?, for accountID: String, now: Date) -> String? {
        for token in Self.tokens(in: cookie) {
            guard let parsed = Token(token), Double(parsed.expiry) > now.timeIntervalSince1970 else { continue }
            if Crypto.constantTimeEqual(parsed.tag, tag(device: parsed.device, expiry: parsed.expiry, for: accountID)) {
                return parsed.device
            }
        }
        return nil
    }

    /// The cookie after a sign-in to `accountID`: a fresh token for it, after the unexpired tokens of other
    /// accounts (the oldest dropped beyond ``maximumTokens``).
    public func cookieValue(adding accountID: String, to cookie: String?, now: Date) -> String {
        let others = Self.tokens(in: cookie).filter { token in
            guard let parsed = Token(token), Double(parsed.expiry) > now.timeIntervalSince1970 else { return false }
            return !Crypto.constantTimeEqual(
                parsed.tag, tag(device: parsed.device, expiry: parsed.expiry, for: accountID))
        }
        let device = Crypto.randomToken(bytes: 16)
        let expiry = Int64(now.addingTimeInterval(lifetime).timeIntervalSince1970.rounded(.down))
        let token = "\(device).\(expiry).\(tag(device: device, expiry: expiry, for: accountID))"
        return (others.suffix(Self.maximumTokens - 1) + [token]).joined(separator: "~")
    }

    private func tag(device: String, expiry: Int64, for accountID: String) -> String {
        Crypto.base64URL(
            Crypto.hmacSHA256(key: key, message: Array("recover-device-v1|\(device)|\(expiry)|\(accountID)".utf8)))
    }

    /// The tokens of a cookie value: at most ``maximumTokens`` (the first ones), each of a bounded length.
    static func tokens(in cookie: String?) -> [String] {
        guard let cookie, cookie.utf8.count <= 100 * maximumTokens else { return [] }
        return cookie.split(separator: "~", omittingEmptySubsequences: true).prefix(maximumTokens).map(String.init)
    }

    /// One token, checked for shape before its tag is computed.
    private struct Token {
        let device: String
        let expiry: Int64
        let tag: String

        init?(_ text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].utf8.count == 22, parts[2].utf8.count == 43,
                parts[1].utf8.count <= 12, parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let expiry = Int64(parts[1]),
                (parts[0] + parts[2]).utf8.allSatisfy(Self.isBase64URL)
            else { return nil }
            device = String(parts[0])
            self.expiry = expiry
            tag = String(parts[2])
        }

        static func isBase64URL(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x2D || byte == 0x5F
        }
    }
}
