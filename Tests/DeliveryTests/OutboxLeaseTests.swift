import Foundation
import RecoverData
import Synchronization
import Testing

@testable import Delivery

/// A sender starts a send only while its lease covers the longest a send may take, so a slow batch never lets
/// two senders hold one message (no SMTP server: the mailer is the test's, on the test's clock).
@Suite struct OutboxLeaseTests {
    /// Who was sent what, in order.
    final class Deliveries: Sendable {
        private let recipients = Mutex<[String]>([])
        func add(_ recipient: String) { recipients.withLock { $0.append(recipient) } }
        var all: [String] { recipients.withLock { $0 } }
    }

    /// A mailer whose every send takes `seconds` of the test's clock.
    struct SlowMailer: Mailer {
        let clock: OutboxSenderTests.TestClock
        let seconds: TimeInterval
        let deliveries: Deliveries
        var longestSend: TimeInterval { seconds + 10 }

        func send(_ message: MailMessage) throws {
            clock.advance(seconds)
            deliveries.add(message.to)
        }
    }

    @Test func aSendIsStartedOnlyWhileItsLeaseCanCoverIt() throws {
        let clock = OutboxSenderTests.TestClock()
        let storage = try OutboxSenderTests.Backend.sqlite.storages(1)[0]
        let outbox = MessageOutbox(database: storage, policy: MessageRetryPolicy(lease: 300))
        for index in 0..<3 { try outbox.enqueue(OutboxSenderTests.request(index), at: clock.read()) }
        let deliveries = Deliveries()
        let composer = MessageComposer(from: "study@example.org")
        let slow = OutboxSender(
            outbox: outbox, mailer: SlowMailer(clock: clock, seconds: 150, deliveries: deliveries), composer: composer,
            clock: { clock.read() })

        let first = try slow.sendDue()
        #expect(first.sent == 1, "at 0 s a 160 s send fits the 300 s lease")
        #expect(first.skipped == 2, "at 150 s it no longer does")
        #expect(try outbox.summary(now: clock.read()).count(.sending) == 2)

        let other = OutboxSender(
            outbox: outbox, mailer: SlowMailer(clock: clock, seconds: 1, deliveries: deliveries), composer: composer,
            clock: { clock.read() })
        #expect(try other.sendDue().isEmpty, "still leased to the first sender")
        clock.advance(150)
        #expect(try other.sendDue().sent == 2, "its lease expired: taken over")
        #expect(deliveries.all.sorted() == ["p0@example.org", "p1@example.org", "p2@example.org"], "each once")
        #expect(try outbox.log().allSatisfy { $0.state == .sent })
    }
}
