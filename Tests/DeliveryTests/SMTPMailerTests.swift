import Foundation
import MailTestSupport
import Testing

@testable import Delivery

/// The mailer against a real SMTP server (aiosmtpd on 127.0.0.1), each message read back as received.
@Suite(.enabled(if: SMTPTestServer.isAvailable, SMTPTestServer.skipMessage), .serialized)
struct SMTPMailerTests {
    static func mailer(_ server: SMTPTestServer) throws -> SMTPMailer {
        SMTPMailer(
            relay: try SMTPRelay(url: "smtp://127.0.0.1:\(server.port)?tls=none"), connectTimeout: 5, timeout: 20)
    }

    @Test func anEnglishAndAChineseMessageArriveWithTheirHeadersAndParts() throws {
        let server = try SMTPTestServer.start()
        let composer = MessageComposer(from: "study@example.org", fromName: "Recover")
        let mailer = try Self.mailer(server)
        let english = composer.test(to: "ada@example.org", language: "en")
        let chinese = composer.test(to: "li@example.org", language: "zh-Hans")
        try mailer.send(english)
        try mailer.send(chinese)
        let received = try server.waitForMessages(2)
        #expect(received.count == 2)
        #expect(received.map(\.mailFrom) == ["study@example.org", "study@example.org"])
        #expect(received.map(\.recipients) == [["ada@example.org"], ["li@example.org"]])

        let first = try ParsedMail(received[0].raw)
        #expect(first.headers["subject"] == "Recover test message")
        #expect(first.headers["to"] == "<ada@example.org>")
        #expect(first.headers["from"] == "\"Recover\" <study@example.org>")
        #expect(first.headers["mime-version"] == "1.0")
        #expect(first.headers["message-id"] == "<\(english.messageID)>")
        #expect(first.headers["date"].map { $0.hasSuffix("+0000") } == true)
        #expect(first.headers["content-type"]?.hasPrefix("multipart/alternative; boundary=") == true)
        #expect(first.parts.count == 2)
        #expect(first.parts[0].body == english.text)
        #expect(first.parts[1].body.contains("<p>\(english.text)</p>"))

        let second = try ParsedMail(received[1].raw)
        #expect(second.headers["subject"] == "Recover 测试邮件")
        #expect(second.rawHeaderLines.contains { $0.hasPrefix("Subject: =?UTF-8?B?") }, "encoded, not raw UTF-8")
        #expect(second.parts[0].body == chinese.text)
        #expect(second.parts[0].body.contains("邮件中继"))
        #expect(second.parts[1].body.contains("lang=\"zh-Hans\""))
        print(
            "mail: the test message is \(received[0].raw.count) bytes in English, \(received[1].raw.count) in Chinese")
        #expect(
            second.parts.map { $0.headers["content-type"] } == [
                "text/plain; charset=UTF-8", "text/html; charset=UTF-8",
            ])
    }

    @Test func aRefusedRecipientIsAPermanentFailureWithTheReplyCode() throws {
        let server = try SMTPTestServer.start()
        let message = MessageComposer(from: "study@example.org").test(to: "nobody@refused.test", language: "en")
        let error = try #require(throws: MailError.self) { try Self.mailer(server).send(message) }
        #expect(error.category == .recipientRefused)
        #expect(error.reply == 550)
        #expect(error.isPermanent)
        #expect(error.failure.code == "recipient-refused/550")
        #expect(!error.description.contains("No such user"), "never the server's text")
        #expect(try server.messages().isEmpty)
    }

    @Test func aRelayThatIsDownIsUnreachableAndTransient() throws {
        let port = try SMTPTestServer.freePort()
        let mailer = SMTPMailer(relay: try SMTPRelay(url: "smtp://127.0.0.1:\(port)?tls=none"), connectTimeout: 2)
        let started = Date()
        let error = try #require(throws: MailError.self) {
            try mailer.send(MessageComposer(from: "study@example.org").test(to: "ada@example.org", language: "en"))
        }
        #expect(error.category == .unreachable)
        #expect(error.curlCode == 7)
        #expect(!error.isPermanent)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func smtpWithoutTLSNoneRequiresSTARTTLSAndNeverFallsBackToPlainText() throws {
        let server = try SMTPTestServer.start()
        let mailer = SMTPMailer(relay: try SMTPRelay(url: "smtp://127.0.0.1:\(server.port)"), connectTimeout: 5)
        let error = try #require(throws: MailError.self) {
            try mailer.send(MessageComposer(from: "study@example.org").test(to: "ada@example.org", language: "en"))
        }
        #expect(error.category == .tls)
        #expect(try server.messages().isEmpty, "nothing was sent in clear")
    }

    @Test func aReminderArrivesWithOneClickUnsubscribeHeaders() throws {
        let server = try SMTPTestServer.start()
        var message = MessageComposer(from: "study@example.org").test(to: "ada@example.org", language: "en")
        message.unsubscribeURL = "https://study.example.org/reminders/off/t0ken"
        try Self.mailer(server).send(message)
        let headers = try ParsedMail(try #require(try server.waitForMessages(1).first).raw).headers
        #expect(headers["list-unsubscribe"] == "<https://study.example.org/reminders/off/t0ken>")
        #expect(headers["list-unsubscribe-post"] == "List-Unsubscribe=One-Click")
    }

    @Test func theURLsCredentialsAuthenticateAndAWrongOrMissingPasswordIsAnAuthError() throws {
        let server = try SMTPTestServer.start(credentials: (user: "study", password: "pa:ss w@rd"))
        let message = MessageComposer(from: "study@example.org").test(to: "ada@example.org", language: "en")
        let good = try SMTPRelay(url: "smtp://study:pa%3Ass%20w%40rd@127.0.0.1:\(server.port)?tls=none")
        try SMTPMailer(relay: good, connectTimeout: 5).send(message)
        #expect(try server.waitForMessages(1).map(\.recipients) == [["ada@example.org"]])

        for url in [
            "smtp://study:wrong@127.0.0.1:\(server.port)?tls=none", "smtp://127.0.0.1:\(server.port)?tls=none",
        ] {
            let error = try #require(throws: MailError.self) {
                try SMTPMailer(relay: try SMTPRelay(url: url), connectTimeout: 5).send(message)
            }
            #expect(error.category == .authentication, "\(error)")
            #expect(!error.isPermanent, "the operator fixes the relay's settings; the messages wait")
            #expect(!error.description.contains("wrong"))
        }
        #expect(try server.messages().count == 1)
    }
}
