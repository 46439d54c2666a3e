import Cryptography
import Foundation

/// A participant's Web Push subscription for one browser (`push_subscription`): where the push service takes
/// messages for it and the keys to encrypt them with (RFC 8291).
public struct PushSubscription: Hashable, Sendable {
    /// A random UUID: the outbox's recipient for a push message (``MessageChannel/push``).
    public let id: String
    /// The participant's account id.
    public let participantID: String
    /// The push service's URL for this browser.
    public let endpoint: PushEndpoint
    /// The browser's P-256 public key, uncompressed (65 bytes).
    public let p256dh: [UInt8]
    /// The browser's auth secret (16 bytes).
    public let auth: [UInt8]
    /// A short label the browser gave (at most 64 characters), or nil.
    public let label: String?
    /// When it was stored.
    public let createdAt: Date
}

/// A subscription as the browser sends it (`PushSubscription.toJSON()`), checked by
/// ``PushSubscriptions/subscribe(_:participantID:at:in:)``.
public struct PushSubscriptionRequest: Hashable, Sendable {
    /// The endpoint URL.
    public var endpoint: String
    /// `keys.p256dh`, base64url.
    public var p256dh: String
    /// `keys.auth`, base64url.
    public var auth: String
    /// An optional label.
    public var label: String?

    /// A request from the browser's fields.
    public init(endpoint: String, p256dh: String, auth: String, label: String? = nil) {
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.label = label
    }
}

/// A subscription the store does not take, or a stored row it cannot read; says which, never the values.
public struct PushSubscriptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong (`invalid-endpoint`).
    public let code: String

    init(_ code: String) { self.code = code }

    /// The endpoint is not an https URL of at most 2 KiB (``PushEndpoint``).
    public static let invalidEndpoint = PushSubscriptionError("invalid-endpoint")
    /// `p256dh` is not base64url of an uncompressed P-256 point on the curve.
    public static let invalidKey = PushSubscriptionError("invalid-key")
    /// `auth` is not base64url of 16 bytes.
    public static let invalidAuth = PushSubscriptionError("invalid-auth")
    /// The label is longer than 64 characters or holds control characters.
    public static let invalidLabel = PushSubscriptionError("invalid-label")
    /// No participant with that id takes part (unknown, staff or withdrawn).
    public static let notParticipating = PushSubscriptionError("not-participating")
    /// A stored row cannot be read.
    public static let unreadableRow = PushSubscriptionError("unreadable-row")

    /// The code after `push subscription: `, such as `push subscription: invalid-key`.
    public var description: String { "push subscription: \(code)" }
}
