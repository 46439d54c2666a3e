import Foundation
import MailTestSupport
import Postgres
import PostgresTestSupport
import RecoverData
import SQLite
import Synchronization
import Testing

@testable import Delivery

/// The outbox's sender against a real SMTP server, on both databases: each message once with senders racing,
/// a relay that is down delays and one that comes back delivers.
@Suite(.enabled(if: SMTPTestServer.isAvailable, SMTPTestServer.skipMessage))
struct OutboxSenderTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
        static var allCases: [Backend] { TestCluster.isAvailable ? [.sqlite, .postgres] : [.sqlite] }

        /// `count` storages on one fresh database, as `count` server instances open it.
        func storages(_ count: Int) throws -> [StudyStorage] {
            switch self {
            case .sqlite:
                let file = FileManager.default.temporaryDirectory.appending(path: "recover-outbox-tests")
                    .appending(path: UUID().uuidString).appending(path: "recover.sqlite")
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                return try (0..<count).map { _ in
                    StudyStorage(
                        try RecoverSchema.open(at: file, configuration: DatabaseConfiguration(durability: .normal)))
                }
            case .postgres:
                let url = try TestDatabase.newSchemaURL()
                return try (0..<count).map { _ in
                    try RecoverSchema.open(postgres: url, configuration: PostgresConfiguration(maximumConnections: 3))
                }
            }
        }
    }

    /// A clock the test moves.
    final class TestClock: Sendable {
        private let now = Mutex(OutboxSenderTests.start)
        func read() -> Date { now.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static func sender(_ storage: StudyStorage, port: Int, clock: TestClock? = nil) throws -> OutboxSender {
        let mailer = SMTPMailer(relay: try SMTPRelay(url: "smtp://127.0.0.1:\(port)?tls=none"), connectTimeout: 2)
        let composer = MessageComposer(from: "study@example.org")
        guard let clock else {
            return OutboxSender(outbox: MessageOutbox(database: storage), mailer: mailer, composer: composer)
        }
        return OutboxSender(
            outbox: MessageOutbox(database: storage), mailer: mailer, composer: composer, clock: { clock.read() })
    }

    static func request(_ index: Int) -> MessageRequest {
        MessageRequest(
            kind: .test, recipient: "p\(index)@example.org", language: index % 2 == 0 ? "en" : "zh-Hans",
            dedupeKey: "test:\(index)")
    }

    @Test(arguments: Backend.allCases) func twoSendersRacingSendEachMessageOnce(backend: Backend) throws {
        let server = try SMTPTestServer.start()
        let storages = try backend.storages(2)
        for index in 0..<30 { try MessageOutbox(database: storages[0]).enqueue(Self.request(index)) }
        let senders = try storages.map { try Self.sender($0, port: server.port) }
        let started = Date()
        let together = Rendezvous(parties: senders.count)
        let rounds = concurrently(
            senders.map { sender in
                { @Sendable in
                    together.arriveAndWait()
                    var sent = 0
                    while true {
                        let round = try sender.sendDue()
                        if round.isEmpty { return sent }
                        sent += round.sent
                    }
                }
            })
        let seconds = Date().timeIntervalSince(started)
        let counts = try rounds.map { try $0.get() }
        #expect(counts.reduce(0, +) == 30)
        #expect(counts.allSatisfy { $0 > 0 }, "both senders took part: \(counts)")
        let received = try server.waitForMessages(30)
        #expect(received.count == 30, "each message arrived once")
        #expect(Set(received.flatMap(\.recipients)) == Set((0..<30).map { "p\($0)@example.org" }))
        let summary = try MessageOutbox(database: storages[1]).summary()
        #expect(summary.count(.sent) == 30)
        #expect(summary.count(.queued) + summary.count(.sending) + summary.count(.failed) == 0)
        print("outbox: 30 messages by two racing senders on \(backend) in \(Int(seconds * 1000)) ms (\(counts))")
    }

    @Test(arguments: Backend.allCases) func aRelayThatIsDownDelaysAndOneThatComesBackDelivers(backend: Backend) throws {
        let port = try SMTPTestServer.freePort()
        let clock = TestClock()
        let storage = try backend.storages(1)[0]
        let outbox = MessageOutbox(database: storage)
        let sender = try Self.sender(storage, port: port, clock: clock)
        try outbox.enqueue(Self.request(1), at: clock.read())

        let down = try sender.sendDue()
        #expect(down.retrying == 1)
        #expect(down.lastError?.category == .unreachable)
        var message = try #require(try outbox.log().first)
        #expect(message.state == .queued)
        #expect(message.attempts == 1)
        #expect(message.lastError == "unreachable/curl-7")
        #expect(message.nextAttemptAt == Self.start.addingTimeInterval(60))

        clock.advance(30)
        #expect(try sender.sendDue().isEmpty, "not due before its next attempt")
        clock.advance(30)
        #expect(try sender.sendDue().retrying == 1)
        message = try #require(try outbox.log().first)
        #expect(message.attempts == 2)
        #expect(message.nextAttemptAt == Self.start.addingTimeInterval(60 + 120), "the wait doubled")

        let server = try SMTPTestServer.start(port: port)
        clock.advance(120)
        #expect(try sender.sendDue().sent == 1)
        message = try #require(try outbox.log().first)
        #expect(message.state == .sent)
        #expect(message.attempts == 3)
        #expect(message.lastError == nil)
        #expect(try server.waitForMessages(1).map(\.recipients) == [["p1@example.org"]])
    }

    @Test func aKindWithoutATemplateFailsAtOnceAndSendsNothing() throws {
        let storage = try Backend.sqlite.storages(1)[0]
        let outbox = MessageOutbox(database: storage)
        try outbox.enqueue(
            MessageRequest(
                kind: try #require(MessageKind(rawValue: "no-such-kind")), recipient: "ada@example.org", language: "en",
                dedupeKey: "unknown:1"))
        let round = try Self.sender(storage, port: try SMTPTestServer.freePort()).sendDue()
        #expect(round.failed == 1)
        #expect(try outbox.log().first?.lastError == "no-template")
    }

    @Test func aMailerThatThrowsSomethingElseLeavesTheMessageToRetry() throws {
        struct Broken: Error {}
        struct BrokenMailer: Mailer {
            func send(_ message: MailMessage) throws { throw Broken() }
            var longestSend: TimeInterval { 1 }
        }
        let storage = try Backend.sqlite.storages(1)[0]
        let outbox = MessageOutbox(database: storage)
        try outbox.enqueue(Self.request(1))
        let sender = OutboxSender(
            outbox: outbox, mailer: BrokenMailer(), composer: MessageComposer(from: "s@example.org"))
        let round = try sender.sendDue()
        #expect(round.retrying == 1)
        let entry = try #require(try outbox.log().first)
        #expect(entry.state == .queued, "not left under a lease")
        #expect(entry.lastError == "other")
    }
}
