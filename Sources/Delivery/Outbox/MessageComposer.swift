import Foundation
import RecoverData

/// Writes the e-mail for an outbox message from its kind, language and parameters: the templates live here,
/// so what a message may say is decided in one place and a message carries no health data by construction
/// (the outbox holds only the parameters a template asks for).
///
/// Each kind's words are in ``Template``; a message's body is plain paragraphs and at most one button-like
/// link, written as text and as HTML from the same words.
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
        case .passwordReset:
            return try written(
                Template.passwordReset(message.parameters, chinese: message.isChinese), for: message, date: date)
        case .resetNotice:
            return try written(
                Template.resetNotice(message.parameters, chinese: message.isChinese), for: message, date: date)
        case .invitation:
            return try written(
                Template.invitation(message.parameters, chinese: message.isChinese), for: message, date: date)
        case .staffDigest:
            return try written(
                Template.staffDigest(message.parameters, chinese: message.isChinese), for: message, date: date)
        case .reminder:
            // The one-click unsubscribe header only with an https link (RFC 8058); a local test server has none.
            let unsubscribe = message.parameters["unsubscribe"].flatMap { $0.hasPrefix("https://") ? $0 : nil }
            return try written(
                Template.reminder(message.parameters, chinese: message.isChinese), for: message, date: date,
                unsubscribe: unsubscribe)
        default: throw MailError(.noTemplate)
        }
    }

    /// The words of one message: a subject, paragraphs, and an optional link with its label.
    struct Template {
        var subject: String
        var paragraphs: [String]
        var link: (label: String, url: String)?
        var after: [String] = []

        /// `password-reset`: the link (valid for `minutes`, once) and the code for a page without script.
        static func passwordReset(_ parameters: [String: String], chinese: Bool) throws -> Template {
            guard let link = parameters["link"], let code = parameters["code"] else { throw MailError(.invalidMessage) }
            let minutes = parameters["minutes"] ?? "60"
            return chinese
                ? Template(
                    subject: "设置 Recover 的新密码",
                    paragraphs: ["有人为您的 Recover 账户申请了新密码。要设置新密码，请打开下面的链接。链接在 \(minutes) 分钟内有效，只能使用一次。"],
                    link: ("设置新密码", link),
                    after: [
                        "如果页面要求输入重置码，请填入：\(code)",
                        "如果您没有申请，请忽略这封邮件：您的密码不会改变。",
                    ])
                : Template(
                    subject: "Choose a new password for Recover",
                    paragraphs: [
                        "Someone asked for a new password for your Recover account. To choose one, open the link below. It works for \(minutes) minutes, once."
                    ],
                    link: ("Choose a new password", link),
                    after: [
                        "If the page asks for a reset code, enter: \(code)",
                        "If you did not ask for this, ignore this email: your password stays as it is.",
                    ])
        }

        /// `invitation`: the study team invites the recipient; the link works once, for `days` days.
        static func invitation(_ parameters: [String: String], chinese: Bool) throws -> Template {
            guard let link = parameters["link"], let days = parameters["days"] else { throw MailError(.invalidMessage) }
            return chinese
                ? Template(
                    subject: "邀请您加入 Recover 研究",
                    paragraphs: ["研究团队邀请您参加 Recover，一项关于膝关节手术后康复的研究。请用下面的链接创建您的账户。链接只能使用一次，\(days) 天内有效。"],
                    link: ("创建账户", link),
                    after: ["如果您没有预料到这封邮件，请忽略它。链接过期后，可以请研究团队重新发送。"])
                : Template(
                    subject: "You are invited to the Recover study",
                    paragraphs: [
                        "The study team invites you to take part in Recover, a study of recovery after knee surgery. Create your account with the link below. It works once, for \(days) days."
                    ],
                    link: ("Create your account", link),
                    after: [
                        "If you did not expect this email, ignore it. If the link has expired, ask the study team for a new one."
                    ])
        }

        /// `staff-digest`: how many participants each alert rule flags today, and the console's links; never a
        /// name, an address or a value.
        static func staffDigest(_ parameters: [String: String], chinese: Bool) throws -> Template {
            guard let link = parameters["link"], let pain = parameters["highPain"], let missed = parameters["missed"],
                let day = parameters["day"]
            else { throw MailError(.invalidMessage) }
            let participants = parameters["participantsLink"]
            return chinese
                ? Template(
                    subject: "Recover 每日摘要 \(day)：需要关注的参与者",
                    paragraphs: [
                        "今天的提醒规则标记了以下参与者：", "最近一次疼痛评分为 8 分或以上：\(pain) 人", "连续三天未打卡：\(missed) 人",
                        "详情（姓名和数值）只在控制台中显示，需要登录。",
                    ],
                    link: ("打开控制台", link),
                    after: participants.map { ["参与者列表：\($0)"] } ?? [])
                : Template(
                    subject: "Recover daily digest \(day): participants to look at",
                    paragraphs: [
                        "Today the console's alert rules flag:", "Last pain score of 8 or more: \(pain) participants",
                        "Three missed check-ins in a row: \(missed) participants",
                        "Who they are and their answers are in the console only, behind its sign-in.",
                    ],
                    link: ("Open the console", link),
                    after: participants.map { ["The participant list: \($0)"] } ?? [])
        }

        /// `reminder`: a task is due: its name and time, a link to it, where to change reminders. Never more.
        static func reminder(_ parameters: [String: String], chinese: Bool) throws -> Template {
            guard let title = parameters["taskTitle"], let link = parameters["link"] else {
                throw MailError(.invalidMessage)
            }
            let time = parameters["time"].flatMap { $0.isEmpty ? nil : $0 }
            let settings = parameters["accountLink"]
            let unsubscribe = parameters["unsubscribe"]
            if chinese {
                return Template(
                    subject: time.map { "提醒：\($0) \(title)" } ?? "提醒：\(title)",
                    paragraphs: ["现在是\(title)的时间。只需几分钟。"],
                    link: ("打开 Recover", link),
                    after: [
                        settings.map { "更改或暂停提醒：\($0)" }, unsubscribe.map { "不再接收提醒邮件：\($0)" },
                    ].compactMap { $0 })
            }
            return Template(
                subject: time.map { "Reminder: \(title) at \($0)" } ?? "Reminder: \(title)",
                paragraphs: ["It is time for \(title). It takes a few minutes."],
                link: ("Open Recover", link),
                after: [
                    settings.map { "Change or pause reminders: \($0)" },
                    unsubscribe.map { "Stop reminder emails: \($0)" },
                ].compactMap { $0 })
        }

        /// `reset-notice`: the password changed; where to sign in, and what to do when it was not them.
        static func resetNotice(_ parameters: [String: String], chinese: Bool) -> Template {
            let forgot = parameters["forgotLink"]
            return chinese
                ? Template(
                    subject: "您的 Recover 密码已更改",
                    paragraphs: ["您的 Recover 账户密码刚刚更改，所有设备都已退出登录。如果是您本人更改的，无需任何操作。"],
                    link: parameters["signInLink"].map { ("登录", $0) },
                    after: [
                        "如果不是您更改的，请立即重置密码" + (forgot.map { "（\($0)）" } ?? "") + "，并联系研究团队。"
                    ])
                : Template(
                    subject: "Your Recover password was changed",
                    paragraphs: [
                        "The password of your Recover account was just changed, and every device was signed out. If this was you, there is nothing to do."
                    ],
                    link: parameters["signInLink"].map { ("Sign in", $0) },
                    after: [
                        "If it was not you, reset your password now" + (forgot.map { " (\($0))" } ?? "")
                            + " and contact the study team."
                    ])
        }
    }

    /// The e-mail of `template` for `message`: text and HTML from the same words, the HTML escaped.
    func written(_ template: Template, for message: OutboxMessage, date: Date, unsubscribe: String? = nil) throws
        -> MailMessage
    {
        var text = template.paragraphs
        var html = template.paragraphs.map { "<p>\(Self.escaped($0))</p>" }
        if let link = template.link {
            text.append("\(link.label):\n\(link.url)")
            html.append(
                "<p><a href=\"\(Self.escaped(link.url))\" style=\"display:inline-block;padding:12px 20px;background:#0b5cad;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600\">\(Self.escaped(link.label))</a></p>"
            )
            html.append("<p style=\"font-size:14px;color:#4a5560\">\(Self.escaped(link.url))</p>")
        }
        text += template.after
        html += template.after.map { "<p>\(Self.escaped($0))</p>" }
        let language = message.isChinese ? "zh-Hans" : "en"
        let document = """
            <!DOCTYPE html>
            <html lang="\(language)"><head><meta charset="utf-8"><title>\(Self.escaped(template.subject))</title></head>
            <body style="font-family:sans-serif;font-size:16px;line-height:1.5;color:#1b1f23">\(html.joined(separator: "\n"))</body></html>
            """
        return MailMessage(
            from: from, fromName: fromName, to: message.recipient, subject: template.subject,
            text: text.joined(separator: "\n\n"), html: document, date: date, unsubscribeURL: unsubscribe)
    }

    /// `text` with HTML's special characters escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
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

extension OutboxMessage {
    /// Whether the message is written in Chinese.
    var isChinese: Bool { language.hasPrefix("zh") }
}
