import Foundation
import MailTestSupport
import RecoverApp
import RecoverData
import Synchronization
import Testing

/// The composition root's mail: without a relay the outbox still takes messages, nothing pretends to send,
/// and the server says so.
@Suite struct MailServicesTests {
    @Test func withoutARelayMessagesStayQueuedAndTheServerSaysSo() throws {
        let lines = Mutex<[String]>([])
        var configuration = AppConfiguration.forTests(
            folder: FileManager.default.temporaryDirectory.appending(path: "recover-mail-\(UUID().uuidString)"),
            clock: { Date() })
        configuration.log = { line in lines.withLock { $0.append(line) } }
        let recover = try RecoverApp(configuration: configuration)
        #expect(!recover.mail.isConfigured)
        recover.mail.start()
        #expect(
            lines.withLock { $0 }.contains(
                "mail: no SMTP relay configured (--smtp-url): messages stay queued, nothing is sent"))
        let request = MessageRequest(kind: .test, recipient: "ada@example.org", language: "en", dedupeKey: "t:1")
        #expect(try recover.mail.outbox.enqueue(request))
        Thread.sleep(forTimeInterval: 1.5)
        #expect(try recover.mail.outbox.summary().count(.queued) == 1, "nothing claimed it")
        recover.mail.stop()
    }

    @Test(.enabled(if: SMTPTestServer.isAvailable, SMTPTestServer.skipMessage))
    func withASenderAddressButNoRelayPushIsSentAndEmailStaysQueued() throws {
        let service = try PushTestEndpoint.start()
        let lines = Mutex<[String]>([])
        var configuration = AppConfiguration.forTests(
            folder: FileManager.default.temporaryDirectory.appending(path: "recover-push-\(UUID().uuidString)"),
            clock: { Date() })
        configuration.mail = MailConfiguration(from: "study@example.org")
        configuration.log = { line in lines.withLock { $0.append(line) } }
        let recover = try RecoverApp(configuration: configuration)
        #expect(!recover.mail.isConfigured)
        #expect(recover.mail.pushIsConfigured)
        let storage = recover.folder.records.database
        let participant = try AccountStore(database: storage).createAccount(
            Account(email: "p@example.org", passwordHash: "x", role: .participant))
        let subscription = try PushSubscriptions(database: storage).subscribe(
            PushSubscriptionRequest(endpoint: service.url("/push/1"), p256dh: service.p256dh, auth: service.auth),
            participantID: participant.id)
        try recover.mail.outbox.enqueue(
            MessageRequest(kind: .test, recipient: "ada@example.org", language: "en", dedupeKey: "mail:1"))
        try recover.mail.outbox.enqueue(
            MessageRequest(
                kind: .reminder, channel: .push, recipient: subscription.id, language: "en",
                parameters: ["taskTitle": "Daily check-in", "url": "/survey/checkin/0"], dedupeKey: "push:1"))
        recover.mail.start()
        defer { recover.mail.stop() }
        let received = try service.waitForRequests(1)
        #expect(received.first?.payload?.contains(#""title":"Reminder: Daily check-in""#) == true)
        #expect(lines.withLock { $0 }.contains("push: Web Push on, contact mailto:study@example.org"))
        let deadline = Date().addingTimeInterval(5)
        while try recover.mail.outbox.summary().count(.sent) < 1 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let summary = try recover.mail.outbox.summary()
        #expect(summary.count(.sent) == 1)
        #expect(summary.count(.queued) == 1, "the e-mail waits for a relay")
    }
}
