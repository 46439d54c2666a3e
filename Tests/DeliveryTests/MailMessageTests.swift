import Foundation
import MailTestSupport
import RecoverData
import Testing

@testable import Delivery

/// How a message is written, read back with ``ParsedMail`` (Foundation only, no server).
@Suite struct MailMessageTests {
    static let date = Date(timeIntervalSince1970: 1_800_000_000)

    static func message(subject: String = "Hello", text: String = "Hi", html: String = "<p>Hi</p>") -> MailMessage {
        MailMessage(
            from: "study@example.org", fromName: "Recover 研究", to: "ada@example.org", subject: subject, text: text,
            html: html, date: date, messageID: "m1@example.org")
    }

    @Test func aChineseSubjectIsWrittenInEncodedWordsOfWholeCharacters() throws {
        let subject = String(repeating: "您的康复研究提醒：", count: 6)
        let raw = try Self.message(subject: subject).rendered()
        let mail = try ParsedMail(raw)
        #expect(mail.headers["subject"] == subject)
        #expect(mail.headers["from"] == "Recover 研究 <study@example.org>")
        let lines = String(decoding: raw, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 78 }, "no line over 78 characters")
        let words = mail.rawHeaderLines.flatMap { $0.split(separator: " ") }.filter { $0.hasPrefix("=?UTF-8?B?") }
        #expect(words.count > 3)
        #expect(words.allSatisfy { $0.count <= 75 })
        #expect(String(decoding: raw, as: UTF8.self).hasPrefix("Date: Fri, 15 Jan 2027 08:00:00 +0000\r\n"))
    }

    @Test func bodiesRoundTripThroughQuotedPrintableAndBase64() throws {
        let english =
            "A line = with an equals sign and a trailing space \n.a leading dot\n"
            + String(repeating: "long ", count: 40) + "end"
        let chinese = "每天早上八点签到。\n谢谢！"
        let raw = try Self.message(text: english, html: chinese).rendered()
        let mail = try ParsedMail(raw)
        #expect(mail.parts.map { $0.headers["content-transfer-encoding"] } == ["quoted-printable", "base64"])
        #expect(mail.parts[0].body == english.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(mail.parts[1].body == chinese.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(
            mail.parts.map { $0.headers["content-type"] } == ["text/plain; charset=UTF-8", "text/html; charset=UTF-8"])
        let text = String(decoding: raw, as: UTF8.self)
        #expect(!text.contains("\r\n.a leading dot"), "a line's leading dot is encoded")
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 78 })
    }

    @Test func aLineBreakInAHeaderOrABadAddressIsRefused() {
        for message in [
            Self.message(subject: "Hi\r\nBcc: eve@example.org"),
            MailMessage(
                from: "study@example.org", to: "ada@example.org>, eve@example.org", subject: "x", text: "", html: ""),
            MailMessage(from: "not an address", to: "ada@example.org", subject: "x", text: "", html: ""),
        ] {
            #expect(throws: MailError(.invalidMessage)) { try message.rendered() }
        }
    }

    @Test func aReminderCarriesOneClickUnsubscribeAndOthersDoNot() throws {
        var reminder = Self.message()
        reminder.unsubscribeURL = "https://study.example.org/unsubscribe/abc"
        let headers = try ParsedMail(try reminder.rendered()).headers
        #expect(headers["list-unsubscribe"] == "<https://study.example.org/unsubscribe/abc>")
        #expect(headers["list-unsubscribe-post"] == "List-Unsubscribe=One-Click")
        #expect(try ParsedMail(try Self.message().rendered()).headers["list-unsubscribe"] == nil)
        reminder.unsubscribeURL = "http://study.example.org/unsubscribe/abc"
        #expect(throws: MailError(.invalidMessage)) { try reminder.rendered() }
    }
}

/// Every kind's template writes a message in both languages from its parameters; a template whose required
/// parameters are missing refuses (`invalid-message`) rather than sending half a message.
@Suite struct MessageTemplateTests {
    static let kinds: [(MessageKind, [String: String])] = [
        (.passwordReset, ["link": "https://study.example/reset-password#abc", "code": "abc", "minutes": "60"]),
        (.invitation, ["link": "https://study.example/join/abc", "days": "14"]),
        (
            .reminder,
            [
                "taskTitle": "your daily check-in", "time": "08:00", "link": "https://study.example/survey/checkin/1",
                "unsubscribe": "https://study.example/reminders/unsubscribe/p/t",
            ]
        ),
        (.staffDigest, ["highPain": "2", "missed": "1", "day": "2027-01-15", "link": "https://study.example/console"]),
        (.resetNotice, ["signInLink": "https://study.example/sign-in"]),
    ]

    @Test(arguments: ["en", "zh-Hans"]) func everyKindHasATemplateInBothLanguages(language: String) throws {
        let outbox = MessageOutbox(database: try OutboxSenderTests.Backend.sqlite.storages(1)[0])
        for (index, (kind, parameters)) in Self.kinds.enumerated() {
            try outbox.enqueue(
                MessageRequest(
                    kind: kind, recipient: "ada@example.org", language: language, parameters: parameters,
                    dedupeKey: "full:\(index)"))
            try outbox.enqueue(
                MessageRequest(kind: kind, recipient: "ada@example.org", language: language, dedupeKey: "bare:\(index)")
            )
        }
        let composer = MessageComposer(from: "study@example.org", publicURL: "https://study.example")
        for message in try outbox.claim(owner: "t", limit: 100) {
            let index = try #require(Int(message.dedupeKey.split(separator: ":")[1]))
            let (kind, parameters) = Self.kinds[index]
            if message.dedupeKey.hasPrefix("bare:") {
                // The notice's links are optional (no --public-url): it is written without them.
                if kind != .resetNotice {
                    #expect(throws: MailError.self) { try composer.compose(message) }
                }
                continue
            }
            let mail = try ParsedMail(try composer.compose(message).rendered())
            #expect(mail.parts.count == 2, "\(kind)")
            #expect(!(mail.headers["subject"] ?? "").isEmpty)
            let link = parameters["link"] ?? parameters["signInLink"] ?? ""
            #expect(mail.parts[0].body.contains(link), "\(kind) links where it should")
            #expect(
                mail.headers["list-unsubscribe"]
                    == (kind == .reminder ? "<https://study.example/reminders/unsubscribe/p/t>" : nil))
        }
    }
}
