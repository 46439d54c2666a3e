import Foundation
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
}
