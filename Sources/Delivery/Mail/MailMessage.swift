import Foundation
import RecoverData

/// One e-mail as Recover writes it: a text and an HTML alternative of the same words, in UTF-8, to one
/// recipient, rendered (``rendered()``) as RFC 5322 headers and a MIME `multipart/alternative` body with CRLF
/// line ends and no line over 78 characters.
///
/// ```swift
/// let mail = MailMessage(from: "study@example.org", to: "ada@example.org", subject: "测试",
///                        text: "Hello", html: "<p>Hello</p>")
/// try mailer.send(mail)
/// ```
public struct MailMessage: Hashable, Sendable {
    /// The envelope sender and `From:` address.
    public var from: String
    /// The name shown beside ``from`` (for example the study's), if any.
    public var fromName: String?
    /// The recipient, on the envelope and in `To:`.
    public var to: String
    /// The subject, any Unicode (encoded when not ASCII); no line break.
    public var subject: String
    /// The plain-text part.
    public var text: String
    /// The HTML part (a whole document or a fragment), already escaped by its writer.
    public var html: String
    /// The `Date:` header.
    public var date: Date
    /// The `Message-ID` without angle brackets (`<uuid>@<the sender's domain>` by default).
    public var messageID: String
    /// For reminders: the https URL that unsubscribes with one click (RFC 8058), sent as `List-Unsubscribe`
    /// with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
    public var unsubscribeURL: String?

    /// A message dated now with a fresh `Message-ID`.
    public init(
        from: String, fromName: String? = nil, to: String, subject: String, text: String, html: String,
        date: Date = Date(), messageID: String? = nil, unsubscribeURL: String? = nil
    ) {
        self.from = from
        self.fromName = fromName
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.date = date
        let domain = from.split(separator: "@").last.map(String.init) ?? "recover.invalid"
        self.messageID = messageID ?? "\(UUID().uuidString.lowercased())@\(domain)"
        self.unsubscribeURL = unsubscribeURL
    }

    /// The message as sent: headers, a blank line, the MIME body. Throws ``MailError`` (``MailError/Category-swift.struct/invalidMessage``)
    /// for an address that is not one, a header that holds a line break, or an unsubscribe URL that is not https.
    public func rendered() throws -> Data {
        guard MailAddress.isValid(from), MailAddress.isValid(to) else { throw MailError(.invalidMessage) }
        for value in [subject, fromName ?? "", messageID, unsubscribeURL ?? ""]
        where value.contains(where: { $0.isNewline }) || value.utf8.count > 900 {
            throw MailError(.invalidMessage)
        }
        if let unsubscribeURL {
            guard unsubscribeURL.hasPrefix("https://"), unsubscribeURL.allSatisfy({ $0.isASCII && !$0.isWhitespace })
            else { throw MailError(.invalidMessage) }
        }
        let boundary = "=_recover_\(UUID().uuidString.lowercased())"
        var headers = [
            "Date: \(Self.rfc5322Date(date))",
            "Message-ID: <\(messageID)>",
            "From: \(MIMEText.mailbox(from, name: fromName))",
            "To: <\(to)>",
            "Subject: \(MIMEText.encodedHeader(subject, nameLength: "Subject: ".count))",
            "MIME-Version: 1.0",
        ]
        if let unsubscribeURL {
            headers.append("List-Unsubscribe: <\(unsubscribeURL)>")
            headers.append("List-Unsubscribe-Post: List-Unsubscribe=One-Click")
        }
        headers.append("Content-Type: multipart/alternative; boundary=\"\(boundary)\"")
        var lines = headers.map(MIMEText.folded) + ["", "This is a multi-part message in MIME format."]
        for (type, body) in [("text/plain", text), ("text/html", html)] {
            let encoding = MIMEText.prefersBase64(body) ? "base64" : "quoted-printable"
            lines += [
                "--\(boundary)", "Content-Type: \(type); charset=UTF-8", "Content-Transfer-Encoding: \(encoding)", "",
                encoding == "base64" ? MIMEText.base64Lines(body) : MIMEText.quotedPrintable(body),
            ]
        }
        lines.append("--\(boundary)--")
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// `Tue, 01 Dec 2026 16:44:03 +0000`.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
