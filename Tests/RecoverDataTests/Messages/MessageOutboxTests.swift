import Foundation
import Postgres
import PostgresTestSupport
import RecoverData
import SQLite
import Testing

/// The outbox on every backend: queued in the caller's transaction and once per dedupe key, claimed under a
/// lease by one sender at a time, retried with backoff, given up, and listed for staff.
@Suite struct MessageOutboxTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func request(_ key: String, to recipient: String = "ada@example.org") -> MessageRequest {
        MessageRequest(
            kind: .test, recipient: recipient, language: "en", parameters: ["link": "https://study.example/x"],
            dedupeKey: key)
    }

    @Test(arguments: StudyBackend.allCases) func aMessageIsQueuedOncePerDedupeKey(backend: StudyBackend) throws {
        let outbox = MessageOutbox(database: try backend.storages(1)[0])
        #expect(try outbox.enqueue(Self.request("invitation:1"), at: Self.start))
        #expect(try !outbox.enqueue(Self.request("invitation:1"), at: Self.start), "the same cause queues nothing")
        #expect(try outbox.enqueue(Self.request("invitation:2"), at: Self.start))
        let log = try outbox.log()
        #expect(log.count == 2)
        #expect(log.allSatisfy { $0.state == .queued && $0.attempts == 0 && $0.kind == .test })
        let stored = try #require(try outbox.message(id: log[0].id))
        #expect(stored.parameters == ["link": "https://study.example/x"])
    }

    @Test(arguments: StudyBackend.allCases) func aMessageExistsOnlyIfItsCauseCommitted(backend: StudyBackend) throws {
        let storage = try backend.storages(1)[0]
        struct Abandoned: Error {}
        #expect(throws: Abandoned.self) {
            try storage.write { db in
                try MessageOutbox.enqueue(Self.request("reset:1"), at: Self.start, in: db)
                throw Abandoned()
            }
        }
        try storage.write { db in _ = try MessageOutbox.enqueue(Self.request("reset:2"), at: Self.start, in: db) }
        #expect(try MessageOutbox(database: storage).log().count == 1, "the rolled-back write queued nothing")
    }

    @Test(arguments: StudyBackend.allCases) func badRequestsAreRefusedWithACode(backend: StudyBackend) throws {
        let outbox = MessageOutbox(database: try backend.storages(1)[0])
        for (request, code) in [
            (Self.request("a", to: "not an address"), MessageOutboxError.Code.invalidRecipient),
            (Self.request("b", to: "ada@example.org\r\nBcc: eve@example.org"), .invalidRecipient),
            (Self.request(""), .invalidDedupeKey),
            (
                MessageRequest(
                    kind: .test, recipient: "ada@example.org", language: "en",
                    parameters: ["big": String(repeating: "x", count: 5000)], dedupeKey: "c"), .parametersTooLarge
            ),
        ] {
            #expect(throws: MessageOutboxError(code)) { try outbox.enqueue(request, at: Self.start) }
        }
        #expect(try outbox.log().isEmpty)
    }

    @Test(arguments: StudyBackend.allCases) func aClaimHoldsAMessageUntilItsLeaseExpires(backend: StudyBackend) throws {
        let outbox = MessageOutbox(database: try backend.storages(1)[0], policy: MessageRetryPolicy(lease: 300))
        try outbox.enqueue(Self.request("k"), at: Self.start)
        let claimed = try outbox.claim(owner: "one", now: Self.start)
        #expect(claimed.map(\.attempts) == [1])
        #expect(claimed.first?.leaseExpiresAt == Self.start.addingTimeInterval(300))
        #expect(try outbox.claim(owner: "two", now: Self.start.addingTimeInterval(299)).isEmpty)
        let again = try outbox.claim(owner: "two", now: Self.start.addingTimeInterval(300))
        #expect(again.map(\.attempts) == [2], "an expired lease means its sender died: tried again")
        #expect(try !outbox.recordSent(claimed[0].id, owner: "one", at: Self.start), "the first lease is gone")
        #expect(try outbox.recordSent(claimed[0].id, owner: "two", at: Self.start.addingTimeInterval(301)))
        let sent = try #require(try outbox.message(id: claimed[0].id))
        #expect(sent.state == .sent)
        #expect(sent.sentAt == Self.start.addingTimeInterval(301))
        #expect(sent.leaseOwner == nil)
        #expect(try outbox.claim(owner: "three", now: Self.start.addingTimeInterval(10_000)).isEmpty)
    }

    @Test(arguments: StudyBackend.allCases) func failuresBackOffDoublingAndGiveUp(backend: StudyBackend) throws {
        let policy = MessageRetryPolicy(firstDelay: 60, maximumDelay: 200, maximumAttempts: 4)
        let outbox = MessageOutbox(database: try backend.storages(1)[0], policy: policy)
        try outbox.enqueue(Self.request("k"), at: Self.start)
        var now = Self.start
        var waits: [TimeInterval] = []
        var states: [OutboxMessage.State?] = []
        while let message = try outbox.claim(owner: "s", now: now).first {
            states.append(
                try outbox.recordFailure(message.id, owner: "s", failure: MessageFailure(code: "unreachable"), at: now))
            let stored = try #require(try outbox.message(id: message.id))
            #expect(stored.lastError == "unreachable")
            waits.append(stored.nextAttemptAt.timeIntervalSince(now))
            now = stored.nextAttemptAt
        }
        #expect(states == [.queued, .queued, .queued, .failed])
        #expect(waits == [60, 120, 200, 0], "1 minute, doubling, bounded; then given up")
        #expect(try outbox.summary(now: now).count(.failed) == 1)
    }

    @Test(arguments: StudyBackend.allCases) func aPermanentFailureIsNotRetried(backend: StudyBackend) throws {
        let outbox = MessageOutbox(database: try backend.storages(1)[0])
        try outbox.enqueue(Self.request("k"), at: Self.start)
        let message = try #require(try outbox.claim(owner: "s", now: Self.start).first)
        let failure = MessageFailure(code: "recipient-refused/550", isPermanent: true)
        #expect(try outbox.recordFailure(message.id, owner: "s", failure: failure, at: Self.start) == .failed)
        let stored = try #require(try outbox.message(id: message.id))
        #expect(stored.lastError == "recipient-refused/550")
        #expect(stored.attempts == 1)
        #expect(try outbox.claim(owner: "s", now: Self.start.addingTimeInterval(86_400)).isEmpty)
    }

    @Test func aFailureCodeKeepsNoLineBreakAndAtMost64Characters() {
        let code = MessageFailure(code: "refused/554\r\n" + String(repeating: "x", count: 100)).code
        #expect(code.hasPrefix("refused/554xxx"))
        #expect(code.count == 64)
        let breaks = code.unicodeScalars.filter { $0.properties.isWhitespace }
        #expect(breaks.isEmpty)
    }

    @Test(arguments: StudyBackend.allCases) func twoSendersClaimingAtOnceNeverShareAMessage(backend: StudyBackend)
        throws
    {
        let storages = try backend.storages(2)
        for index in 0..<40 {
            try MessageOutbox(database: storages[0]).enqueue(Self.request("m\(index)"), at: Self.start)
        }
        let claims = concurrently(
            (0..<8).map { round in
                { @Sendable in
                    try MessageOutbox(database: storages[round % 2]).claim(
                        owner: "sender-\(round % 2)-\(round)", now: Self.start, limit: 7
                    ).map(\.id)
                }
            })
        let ids = try claims.flatMap { try $0.get() }
        #expect(ids.count == 40)
        #expect(Set(ids).count == 40, "no message claimed twice")
    }

    @Test(arguments: StudyBackend.allCases) func theLogFiltersAndTheSummaryCounts(backend: StudyBackend) throws {
        let outbox = MessageOutbox(database: try backend.storages(1)[0])
        try outbox.enqueue(Self.request("a", to: "ada@example.org"), at: Self.start)
        try outbox.enqueue(Self.request("b", to: "bob@example.org"), at: Self.start.addingTimeInterval(1))
        var invitation = Self.request("c", to: "ada@example.org")
        invitation.kind = .invitation
        try outbox.enqueue(invitation, at: Self.start.addingTimeInterval(2))
        let first = try #require(try outbox.claim(owner: "s", now: Self.start, limit: 1).first)
        try outbox.recordSent(first.id, owner: "s", at: Self.start)

        #expect(try outbox.log().map(\.recipient) == ["ada@example.org", "bob@example.org", "ada@example.org"])
        #expect(try outbox.log(MessageLogQuery(recipient: "ada@example.org")).count == 2)
        #expect(try outbox.log(MessageLogQuery(kind: .invitation)).map(\.recipient) == ["ada@example.org"])
        #expect(try outbox.log(MessageLogQuery(state: .sent)).map(\.sentAt) == [Self.start])
        #expect(try outbox.log(MessageLogQuery(limit: 1)).count == 1)
        let summary = try outbox.summary(now: Self.start.addingTimeInterval(1))
        #expect(summary.count(.queued) == 2)
        #expect(summary.count(.sent) == 1)
        #expect(summary.due == 1, "the third is not due yet")
        #expect(summary.oldestWaitingSince == Self.start.addingTimeInterval(1))
    }
}

extension StudyBackend {
    /// `count` storages on one fresh database, as `count` server instances would open it.
    func storages(_ count: Int) throws -> [StudyStorage] {
        switch self {
        case .sqlite:
            let fixture = StorageFixture()
            return try (0..<count).map { _ in
                StudyStorage(try fixture.open(RecoverSchema.migrations, durability: .normal))
            }
        case .postgres:
            let url = try TestDatabase.newSchemaURL()
            return try (0..<count).map { _ in
                try RecoverSchema.open(postgres: url, configuration: PostgresConfiguration(maximumConnections: 3))
            }
        }
    }
}
