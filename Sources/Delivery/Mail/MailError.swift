import RecoverData

/// Why a message was not sent, by category, with libcurl's result code and the relay's reply code when there
/// was one: never the relay's text, the password or the message.
public struct MailError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure, as the outbox and the operator need it.
    public struct Category: RawRepresentable, Hashable, Sendable {
        /// The category's name, as in the outbox's codes.
        public let rawValue: String
        /// A category by name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The relay cannot be reached: the name does not resolve, the connection is refused or was lost.
        public static let unreachable = Category(rawValue: "unreachable")
        /// The relay did not answer in time.
        public static let timedOut = Category(rawValue: "timeout")
        /// The relay refused the user name or password (or wants some and none was given).
        public static let authentication = Category(rawValue: "auth")
        /// TLS failed: no STARTTLS offered, a handshake error, a certificate that does not verify.
        public static let tls = Category(rawValue: "tls")
        /// The relay refused the recipient.
        public static let recipientRefused = Category(rawValue: "recipient-refused")
        /// The relay refused the sender or the message.
        public static let refused = Category(rawValue: "refused")
        /// The relay's answers did not follow SMTP.
        public static let protocolError = Category(rawValue: "protocol")
        /// The message itself cannot be sent (an address that is not one, a header with a line break).
        public static let invalidMessage = Category(rawValue: "invalid-message")
        /// The outbox holds a kind the sender has no template for.
        public static let noTemplate = Category(rawValue: "no-template")
        /// Anything else libcurl reports.
        public static let other = Category(rawValue: "other")
    }

    /// What kind of failure.
    public let category: Category
    /// libcurl's `CURLcode`, when libcurl failed.
    public let curlCode: Int?
    /// The relay's last SMTP reply code (550, 535...), when it answered.
    public let reply: Int?

    /// An error of `category`, with the codes known.
    public init(_ category: Category, curlCode: Int? = nil, reply: Int? = nil) {
        self.category = category
        self.curlCode = curlCode
        self.reply = reply
    }

    /// True when sending the same message again cannot succeed: a recipient or message refused with a 5xx
    /// reply, a message that is invalid or has no template.
    public var isPermanent: Bool {
        switch category {
        case .recipientRefused, .refused: (reply ?? 0) >= 500 && (reply ?? 0) < 600
        case .invalidMessage, .noTemplate: true
        default: false
        }
    }

    /// The outbox's code for it: `unreachable/curl-7`, `recipient-refused/550`.
    public var failure: MessageFailure {
        var code = category.rawValue
        if let reply, reply > 0 { code += "/\(reply)" } else if let curlCode { code += "/curl-\(curlCode)" }
        return MessageFailure(code: code, isPermanent: isPermanent)
    }

    /// What failed, in words for the operator, with the codes; never the relay's text.
    public var description: String {
        let what =
            switch category {
            case .unreachable: "the mail relay cannot be reached"
            case .timedOut: "the mail relay did not answer in time"
            case .authentication: "the mail relay refused the user name or password"
            case .tls: "TLS with the mail relay failed (STARTTLS not offered, or the certificate does not verify)"
            case .recipientRefused: "the mail relay refused the recipient"
            case .refused: "the mail relay refused the sender or the message"
            case .protocolError: "the mail relay's answer was not SMTP"
            case .invalidMessage: "the message cannot be sent (an address or header is not valid)"
            case .noTemplate: "there is no template for this kind of message"
            default: "sending failed"
            }
        var detail: [String] = []
        if let reply, reply > 0 { detail.append("reply \(reply)") }
        if let curlCode { detail.append("curl \(curlCode)") }
        return detail.isEmpty ? what : "\(what) (\(detail.joined(separator: ", ")))"
    }
}
