import Cryptography
import Foundation
import RecoverData

/// Voluntary application server identification (RFC 8292): the server's P-256 key signs a short JWT (ES256)
/// naming the push service's origin, an expiry and a contact, sent as
/// `Authorization: vapid t=<jwt>, k=<public key>`.
///
/// ```swift
/// let vapid = VAPID(key: key, subject: "mailto:study@example.org")
/// let header = try vapid.authorization(for: endpoint, now: Date())
/// ```
public struct VAPID: Sendable {
    /// How long a token is valid: 12 hours (RFC 8292 allows at most 24).
    public static let lifetime: TimeInterval = 12 * 3600

    /// The server's key pair, shared by every instance (``VAPIDKeys``). Its private half is never logged.
    public let key: P256Key
    /// The contact the push service may reach: `mailto:` or `https:`.
    public let subject: String

    /// A signer with `key` naming `subject`.
    public init(key: P256Key, subject: String) {
        self.key = key
        self.subject = subject
    }

    /// The contact for `--mail-from` (`mailto:`) or else an https `--public-url`; nil when there is neither.
    public static func subject(mailFrom: String?, publicURL: String?) -> String? {
        if let mailFrom, !mailFrom.isEmpty { return "mailto:\(mailFrom)" }
        if let publicURL, publicURL.lowercased().hasPrefix("https://") { return publicURL }
        return nil
    }

    /// The public key as the browser's `applicationServerKey` and the header's `k`: base64url of the
    /// uncompressed point.
    public var publicKey: String { Crypto.base64URL(key.publicPoint) }

    /// The JWT for the push service at `endpoint`, valid until `now` + ``lifetime``.
    public func token(for endpoint: PushEndpoint, now: Date) throws -> String {
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims: [String: JWTClaim] = [
            "aud": .text(endpoint.origin), "exp": .number(Int(now.timeIntervalSince1970 + Self.lifetime)),
            "sub": .text(subject),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let input = Crypto.base64URL(Array(header.utf8)) + "." + Crypto.base64URL(Array(try encoder.encode(claims)))
        return input + "." + Crypto.base64URL(try key.signES256(Array(input.utf8)))
    }

    /// The `Authorization` header's value for `endpoint`.
    public func authorization(for endpoint: PushEndpoint, now: Date) throws -> String {
        "vapid t=\(try token(for: endpoint, now: now)), k=\(publicKey)"
    }

    /// A claim's value: a string or an integer.
    enum JWTClaim: Encodable {
        case text(String)
        case number(Int)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            }
        }
    }
}
