import Foundation
import RecoverData

/// What the Web Push routes need: the subscriptions, the server's VAPID public key (what browsers subscribe
/// with), whether push messages are sent at all, and the clock.
public struct PushServices: Sendable {
    /// The participants' subscriptions.
    public let subscriptions: PushSubscriptions
    /// The VAPID public key, base64url of the uncompressed point (`applicationServerKey`).
    public let publicKey: String
    /// Whether the server sends push messages (a VAPID contact is configured: docs/web-push.md).
    public let isAvailable: Bool
    /// The current instant.
    public let now: @Sendable () -> Date

    /// Services over `subscriptions` with the server's `publicKey`.
    public init(
        subscriptions: PushSubscriptions, publicKey: String, isAvailable: Bool,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.subscriptions = subscriptions
        self.publicKey = publicKey
        self.isAvailable = isAvailable
        self.now = now
    }
}
