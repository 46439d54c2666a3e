import RecoverData

/// Why a push message was not delivered, by category, with the push service's HTTP status or libcurl's code:
/// never the service's text, a key or the message.
public struct PushError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure, as the outbox and the operator need it.
    public struct Category: RawRepresentable, Hashable, Sendable {
        /// The category's name, as in the outbox's codes.
        public let rawValue: String
        /// A category by name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The subscription is gone: 404 or 410 from the push service, or no longer stored. Permanent; the
        /// subscription is deleted.
        public static let gone = Category(rawValue: "gone")
        /// The push service asks to slow down (429): tried again with the outbox's backoff.
        public static let rateLimited = Category(rawValue: "rate-limited")
        /// The push service failed (5xx): tried again.
        public static let serviceError = Category(rawValue: "service-error")
        /// The push service refused the message (another 4xx): permanent.
        public static let refused = Category(rawValue: "refused")
        /// The push service cannot be reached (name, connection): tried again.
        public static let unreachable = Category(rawValue: "unreachable")
        /// The push service did not answer in time: tried again.
        public static let timedOut = Category(rawValue: "timeout")
        /// TLS with the push service failed: tried again (a certificate may be renewed).
        public static let tls = Category(rawValue: "tls")
        /// The stored subscription cannot be used (a key that is not one, an endpoint the rule refuses).
        public static let invalidSubscription = Category(rawValue: "invalid-subscription")
        /// The message cannot be sent (too large, a kind without a push template).
        public static let invalidMessage = Category(rawValue: "invalid-message")
        /// Anything else.
        public static let other = Category(rawValue: "other")
    }

    /// What kind of failure.
    public let category: Category
    /// The push service's HTTP status, when it answered.
    public let status: Int?
    /// libcurl's `CURLcode`, when libcurl failed.
    public let curlCode: Int?

    /// An error of `category` with the codes known.
    public init(_ category: Category, status: Int? = nil, curlCode: Int? = nil) {
        self.category = category
        self.status = status
        self.curlCode = curlCode
    }

    /// The category of an HTTP status that is not a success.
    public static func forStatus(_ status: Int) -> PushError {
        switch status {
        case 404, 410: PushError(.gone, status: status)
        case 429: PushError(.rateLimited, status: status)
        case 500...599: PushError(.serviceError, status: status)
        default: PushError(.refused, status: status)
        }
    }

    /// True when sending again cannot help.
    public var isPermanent: Bool {
        switch category {
        case .gone, .refused, .invalidSubscription, .invalidMessage: true
        default: false
        }
    }

    /// The outbox's code: `push-gone/410`, `push-unreachable/curl-7`.
    public var failure: MessageFailure {
        var code = "push-\(category.rawValue)"
        if let status, status > 0 { code += "/\(status)" } else if let curlCode { code += "/curl-\(curlCode)" }
        return MessageFailure(code: code, isPermanent: isPermanent)
    }

    /// What failed, in words for the operator, with the codes.
    public var description: String {
        let what =
            switch category {
            case .gone: "the push subscription is gone"
            case .rateLimited: "the push service asks to send less often"
            case .serviceError: "the push service failed"
            case .refused: "the push service refused the message"
            case .unreachable: "the push service cannot be reached"
            case .timedOut: "the push service did not answer in time"
            case .tls: "TLS with the push service failed"
            case .invalidSubscription: "the push subscription cannot be used"
            case .invalidMessage: "the push message cannot be sent"
            default: "sending the push message failed"
            }
        var detail: [String] = []
        if let status, status > 0 { detail.append("status \(status)") }
        if let curlCode { detail.append("curl \(curlCode)") }
        return detail.isEmpty ? what : "\(what) (\(detail.joined(separator: ", ")))"
    }
}
