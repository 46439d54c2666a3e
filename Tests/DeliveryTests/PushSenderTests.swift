import Care
import Cryptography
import Foundation
import MailTestSupport
import RecoverData
import Testing

@testable import Delivery

/// Push messages through the outbox to a local push service (`push_endpoint.py`: VAPID verified and the body
/// decrypted by http-ece, independently of Recover), on both databases: delivered and decrypted, a gone
/// subscription deleted, a failing service retried with backoff, nothing after withdrawal, and e-mail left
/// queued by a sender without a relay.
@Suite(.enabled(if: SMTPTestServer.isAvailable, SMTPTestServer.skipMessage))
struct PushSenderTests {
    typealias Backend = OutboxSenderTests.Backend
    static let start = Date()

    struct Fixture {
        let storage: StudyStorage
        let outbox: MessageOutbox
        let subscriptions: PushSubscriptions
        let sender: OutboxSender
        let clock: OutboxSenderTests.TestClock
        let participantID: String

        init(_ backend: Backend) throws {
            storage = try backend.storages(1)[0]
            outbox = MessageOutbox(database: storage)
            subscriptions = PushSubscriptions(database: storage)
            clock = OutboxSenderTests.TestClock()
            let clock = clock
            // A real time for VAPID's exp (the push service checks it against its own clock).
            let vapid = VAPID(key: try VAPIDKeys.keyPair(in: storage), subject: "mailto:study@example.org")
            sender = OutboxSender(
                outbox: outbox, mailer: nil, composer: MessageComposer(from: "study@example.org"),
                push: WebPushSender(vapid: vapid, connectTimeout: 2, timeout: 10), clock: { clock.read() })
            participantID = try AccountStore(database: storage).createAccount(
                Account(email: "p@example.org", passwordHash: "x", role: .participant)
            ).id
        }

        func subscribe(_ service: PushTestEndpoint, path: String) throws -> PushSubscription {
            try subscriptions.subscribe(
                PushSubscriptionRequest(endpoint: service.url(path), p256dh: service.p256dh, auth: service.auth),
                participantID: participantID)
        }

        func queueReminder(to subscription: PushSubscription, language: String = "en") throws {
            try outbox.enqueue(
                MessageRequest(
                    kind: .reminder, channel: .push, recipient: subscription.id, language: language,
                    parameters: ["taskTitle": "Daily check-in", "url": "/survey/checkin/4"],
                    dedupeKey: "reminder:\(participantID):checkin:4:push:\(subscription.id)"), at: clock.read())
        }
    }

    @Test(arguments: Backend.allCases) func aQueuedPushArrivesAndDecryptsToTheReminder(backend: Backend) throws {
        let service = try PushTestEndpoint.start()
        let fixture = try Fixture(backend)
        let subscription = try fixture.subscribe(service, path: "/push/1")
        try fixture.queueReminder(to: subscription, language: "zh-Hans")
        let started = Date()
        let round = try fixture.sender.sendDue()
        let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        #expect(round.sent == 1, "\(String(describing: round.lastPushError))")
        let received = try service.waitForRequests(1)
        #expect(received.count == 1)
        let request = try #require(received.first)
        #expect(request.error == nil)
        #expect(request.status == 201)
        let payload = try JSONDecoder().decode(
            [String: String].self, from: Data(try #require(request.payload).utf8))
        #expect(
            payload == [
                "title": "提醒：Daily check-in", "body": "现在可以完成“Daily check-in”了。",
                "url": "/survey/checkin/4",
            ])
        #expect(request.headers["ttl"] == "14400")
        #expect(request.headers["urgency"] == "normal")
        #expect(request.headers["content-encoding"] == "aes128gcm")
        #expect(request.claims["aud"] == "http://127.0.0.1:\(service.port)")
        #expect(request.claims["sub"] == "mailto:study@example.org")
        #expect(try fixture.outbox.log().first?.state == .sent)
        #expect(try fixture.outbox.log().first?.channel == .push)
        print("push: one reminder of \(request.length) bytes encrypted, sent and accepted in \(milliseconds) ms")
    }

    @Test(arguments: Backend.allCases) func aGoneSubscriptionIsDeletedAndItsMessageFails(backend: Backend) throws {
        let service = try PushTestEndpoint.start()
        let fixture = try Fixture(backend)
        let gone = try fixture.subscribe(service, path: "/gone/1")
        let kept = try fixture.subscribe(service, path: "/push/2")
        try fixture.queueReminder(to: gone)
        let round = try fixture.sender.sendDue()
        #expect(round.failed == 1)
        #expect(round.lastPushError == PushError(.gone, status: 410))
        #expect(try fixture.outbox.log().first?.lastError == "push-gone/410")
        #expect(try fixture.subscriptions.subscriptions(participantID: fixture.participantID).map(\.id) == [kept.id])
        // A message queued for a subscription that no longer exists fails as gone, without a request.
        _ = try fixture.outbox.enqueue(
            MessageRequest(
                kind: .reminder, channel: .push, recipient: gone.id, language: "en", dedupeKey: "again"),
            at: fixture.clock.read())
        #expect(try fixture.sender.sendDue().failed == 1)
        #expect(try service.requests().count == 1)
        #expect(try fixture.outbox.log().compactMap(\.lastError).sorted() == ["push-gone", "push-gone/410"])
    }

    @Test(arguments: Backend.allCases) func aFailingServiceIsRetriedWithBackoff(backend: Backend) throws {
        let service = try PushTestEndpoint.start()
        let fixture = try Fixture(backend)
        try fixture.queueReminder(to: try fixture.subscribe(service, path: "/busy/1"))
        #expect(try fixture.sender.sendDue().retrying == 1)
        var entry = try #require(try fixture.outbox.log().first)
        #expect(entry.state == .queued)
        #expect(entry.lastError == "push-service-error/503")
        #expect(entry.nextAttemptAt == OutboxSenderTests.start.addingTimeInterval(60))
        fixture.clock.advance(60)
        #expect(try fixture.sender.sendDue().retrying == 1)
        entry = try #require(try fixture.outbox.log().first)
        #expect(entry.attempts == 2)
        #expect(entry.nextAttemptAt == OutboxSenderTests.start.addingTimeInterval(60 + 120), "the wait doubled")
        #expect(try service.waitForRequests(2).count == 2)
        #expect(try fixture.subscriptions.subscriptions(participantID: fixture.participantID).count == 1, "kept")
    }

    @Test(arguments: Backend.allCases) func slowDownIsRetriedAndAnotherRefusalIsPermanent(backend: Backend) throws {
        let service = try PushTestEndpoint.start()
        let fixture = try Fixture(backend)
        try fixture.queueReminder(to: try fixture.subscribe(service, path: "/slow-down/1"))
        #expect(try fixture.sender.sendDue().retrying == 1)
        #expect(try fixture.outbox.log().first?.lastError == "push-rate-limited/429")
        let refused = try fixture.subscribe(service, path: "/refuse/1")
        try fixture.queueReminder(to: refused)
        fixture.clock.advance(60)
        let round = try fixture.sender.sendDue()
        #expect(round.failed == 1, "403: permanent")
        #expect(round.retrying == 1, "the 429 one, due again")
        #expect(Set(try fixture.outbox.log().compactMap(\.lastError)) == ["push-refused/403", "push-rate-limited/429"])
        #expect(try fixture.subscriptions.subscriptions(participantID: fixture.participantID).count == 2, "both kept")
        #expect(try service.waitForRequests(3).count == 3)
    }

    @Test(arguments: Backend.allCases) func aServiceThatIsDownIsRetried(backend: Backend) throws {
        let fixture = try Fixture(backend)
        let port = try SMTPTestServer.freePort()
        let service = try PushTestEndpoint.start()
        let subscription = try fixture.subscriptions.subscribe(
            PushSubscriptionRequest(
                endpoint: "http://127.0.0.1:\(port)/push/1", p256dh: service.p256dh, auth: service.auth),
            participantID: fixture.participantID)
        try fixture.queueReminder(to: subscription)
        let round = try fixture.sender.sendDue()
        #expect(round.retrying == 1)
        #expect(try fixture.outbox.log().first?.lastError == "push-unreachable/curl-7")
    }

    @Test(arguments: Backend.allCases) func noPushAfterWithdrawalAndEmailStaysQueuedWithoutARelay(
        backend: Backend
    ) throws {
        let service = try PushTestEndpoint.start()
        let fixture = try Fixture(backend)
        let subscription = try fixture.subscribe(service, path: "/push/1")
        try fixture.queueReminder(to: subscription)
        try fixture.outbox.enqueue(
            MessageRequest(kind: .test, recipient: "p@example.org", language: "en", dedupeKey: "mail:1"),
            at: fixture.clock.read())
        try StudyDatabase(database: fixture.storage).withdraw(
            patientID: fixture.participantID, on: LocalDate(dayNumber: 20_000), at: fixture.clock.read())
        #expect(try fixture.subscriptions.subscriptions(participantID: fixture.participantID).isEmpty)
        let round = try fixture.sender.sendDue()
        #expect(round.failed == 1, "the push message: its subscription is gone")
        #expect(try service.requests().isEmpty)
        let mail = try #require(try fixture.outbox.log(MessageLogQuery(kind: .test)).first)
        #expect(mail.state == .queued, "no mailer: e-mail is not claimed")
        #expect(mail.attempts == 0)
    }
}
