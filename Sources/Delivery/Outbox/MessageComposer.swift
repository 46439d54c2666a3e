import Foundation
import RecoverData

/// Writes the e-mail for an outbox message from its kind, language and parameters: the templates live here,
/// so what a message may say is decided in one place and a message carries no health data by construction
/// (the outbox holds only the parameters a template asks for).
///
/// Today it knows the `test` kind; password resets, invitations, reminders and the staff digest add theirs
/// (docs/messages.md, "What is left").
public struct MessageComposer: Sendable {
    /// The `From:` address (`--mail-from`).
    public let from: String
    /// The name shown beside it.
    public let fromName: String
    /// The server's public https address (`--public-url`), for links; nil when none is configured.
    public let publicURL: String?

    /// A composer writing from `from` (shown as `fromName`), with links on `publicURL`.
    public init(from: String, fromName: String = "Recover", publicURL: String? = nil) {
        self.from = from
        self.fromName = fromName
        self.publicURL = publicURL
    }

    /// The e-mail for `message`, dated `date`; throws ``MailError`` (``MailError/Category-swift.struct/noTemplate``) for a
    /// kind without a template.
    public func compose(_ message: OutboxMessage, date: Date = Date()) throws -> MailMessage {
        switch message.kind {
        case .test: return test(to: message.recipient, language: message.language, date: date)
        default: throw MailError(.noTemplate)
        }
    }

    /// The push payload for a ``MessageChannel/push`` message: a small JSON object `{"title", "body", "url"}`
    /// the service worker shows, in the message's language; `url` is a path on this server (`/` when the
    /// parameters give none, or one that is not a plain path). Throws ``PushError`` (`invalid-message`) for a
    /// kind without a push template. A reminder's parameters: `taskTitle`, `url`; nothing else is used.
    public func pushPayload(_ message: OutboxMessage) throws -> [UInt8] {
        let chinese = message.language.hasPrefix("zh")
        let title: String
        let body: String
        switch message.kind {
        case .reminder:
            let task = message.parameters["taskTitle"] ?? (chinese ? "任务" : "a task")
            title = chinese ? "提醒：\(task)" : "Reminder: \(task)"
            body = chinese ? "现在可以完成“\(task)”了。" : "It is time for \(task)."
        case .test:
            title = chinese ? "Recover 测试通知" : "Recover test notification"
            body =
                chinese
                ? "这条通知确认 Recover 可以向这台设备发送提醒。" : "This confirms that Recover can send reminders to this device."
        default:
            throw PushError(.invalidMessage)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let payload = Array(
            try encoder.encode(["title": title, "body": body, "url": Self.localPath(message.parameters["url"])]))
        guard payload.count <= PushEncryption.payloadLimit else { throw PushError(.invalidMessage) }
        return payload
    }

    /// `path` when it is a path on this server (`/survey/t/3`), else `/`: never another origin (`//host`, a scheme).
    static func localPath(_ path: String?) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), path.utf8.count <= 512,
            path.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" })
        else { return "/" }
        return path
    }

    /// The test message (`recover mail test`): it says only that mail from this server works.
    public func test(to recipient: String, language: String, date: Date = Date()) -> MailMessage {
        let chinese = language.hasPrefix("zh")
        let subject = chinese ? "Recover 测试邮件" : "Recover test message"
        let line =
            chinese
            ? "这封邮件确认 Recover 可以通过它的邮件中继发送邮件。无需回复。"
            : "This message confirms that Recover can send e-mail through its relay. No reply is needed."
        let html = """
            <!DOCTYPE html>
            <html lang="\(chinese ? "zh-Hans" : "en")"><head><meta charset="utf-8"><title>\(subject)</title></head>
            <body><p>\(line)</p></body></html>
            """
        return MailMessage(
            from: from, fromName: fromName, to: recipient, subject: subject, text: line, html: html, date: date)
    }
}
