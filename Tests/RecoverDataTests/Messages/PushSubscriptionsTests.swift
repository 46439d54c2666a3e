import Care
import Cryptography
import Foundation
import PostgresTestSupport
import RecoverData
import Testing

/// Push subscriptions and the VAPID key on every backend: checked keys, one row per endpoint, audited as the
/// participant's changes, gone at withdrawal; one key pair for every instance.
@Suite struct PushSubscriptionsTests {
    static func participant(in storage: StudyStorage) throws -> String {
        try AccountStore(database: storage).createAccount(
            Account(email: "p\(UUID().uuidString.prefix(6))@example.org", passwordHash: "x", role: .participant)
        ).id
    }

    static func browserKeys() throws -> (p256dh: String, auth: String) {
        (Crypto.base64URL(try P256Key.generate().publicPoint), Crypto.base64URL(try OpenSSLCrypto.randomBytes(16)))
    }

    @Test(arguments: StudyBackend.allCases) func theSameEndpointReplacesItsSubscription(backend: StudyBackend) throws {
        let storage = try backend.storages(1)[0]
        let store = PushSubscriptions(database: storage)
        let first = try Self.participant(in: storage)
        let second = try Self.participant(in: storage)
        let keys = try Self.browserKeys()
        let endpoint = "https://push.example.net/send/abc"
        let original = try store.subscribe(
            PushSubscriptionRequest(endpoint: endpoint, p256dh: keys.p256dh, auth: keys.auth), participantID: first)
        let again = try store.subscribe(
            PushSubscriptionRequest(endpoint: endpoint, p256dh: keys.p256dh, auth: keys.auth), participantID: first)
        #expect(original.id != again.id)
        #expect(try store.subscriptions(participantID: first).map(\.id) == [again.id])
        // The same browser signed in as someone else: the subscription moves, the first loses it.
        let moved = try store.subscribe(
            PushSubscriptionRequest(endpoint: endpoint, p256dh: keys.p256dh, auth: keys.auth), participantID: second)
        #expect(try store.subscriptions(participantID: first).isEmpty)
        #expect(try store.subscriptions(participantID: second).map(\.id) == [moved.id])
        let trail = try AuditTrail(database: storage).entries(entityType: "push_subscription", entityID: moved.id)
        #expect(trail.map(\.action) == [.create])
        #expect(trail.first?.actor == "account:\(second)")
        let removed = try AuditTrail(database: storage).entries(entityType: "push_subscription", entityID: again.id)
        #expect(removed.map(\.action) == [.delete, .create], "newest first")
        #expect(try store.remove(endpoint: endpoint, participantID: first) == false, "not theirs any more")
        #expect(try store.remove(endpoint: endpoint, participantID: second))
        #expect(try store.subscriptions(participantID: second).isEmpty)
    }

    @Test(arguments: StudyBackend.allCases) func badSubscriptionsAreRefusedWithNothingStored(
        backend: StudyBackend
    ) throws {
        let storage = try backend.storages(1)[0]
        let store = PushSubscriptions(database: storage)
        let participant = try Self.participant(in: storage)
        let keys = try Self.browserKeys()
        var offCurve = try #require(Crypto.base64URLDecode(keys.p256dh))
        offCurve[64] ^= 1
        let cases: [(PushSubscriptionRequest, PushSubscriptionError)] = [
            (.init(endpoint: "http://push.example.net/x", p256dh: keys.p256dh, auth: keys.auth), .invalidEndpoint),
            (
                .init(
                    endpoint: "https://push.example.net/" + String(repeating: "a", count: 2100), p256dh: keys.p256dh,
                    auth: keys.auth), .invalidEndpoint
            ),
            (
                .init(endpoint: "https://push.example.net/x", p256dh: Crypto.base64URL(offCurve), auth: keys.auth),
                .invalidKey
            ),
            (.init(endpoint: "https://push.example.net/x", p256dh: "not base64!", auth: keys.auth), .invalidKey),
            (.init(endpoint: "https://push.example.net/x", p256dh: keys.p256dh, auth: "AAAA"), .invalidAuth),
            (
                .init(
                    endpoint: "https://push.example.net/x", p256dh: keys.p256dh, auth: keys.auth,
                    label: String(repeating: "l", count: 65)), .invalidLabel
            ),
        ]
        for (request, error) in cases {
            #expect(throws: error) { try store.subscribe(request, participantID: participant) }
        }
        let staff = try AccountStore(database: storage).createAccount(
            Account(email: "staff@example.org", passwordHash: "x", role: .researcher)
        ).id
        #expect(throws: PushSubscriptionError.notParticipating) {
            try store.subscribe(
                .init(endpoint: "https://push.example.net/x", p256dh: keys.p256dh, auth: keys.auth),
                participantID: staff)
        }
        let count = try storage.read { db in try db.queryOne("SELECT count(*) AS n FROM push_subscription")?.int("n") }
        #expect(count == 0)
    }

    @Test(arguments: StudyBackend.allCases) func withdrawalDeletesTheSubscriptions(backend: StudyBackend) throws {
        let storage = try backend.storages(1)[0]
        let store = PushSubscriptions(database: storage)
        let participant = try Self.participant(in: storage)
        let keys = try Self.browserKeys()
        let subscription = try store.subscribe(
            PushSubscriptionRequest(endpoint: "https://push.example.net/1", p256dh: keys.p256dh, auth: keys.auth),
            participantID: participant)
        #expect(try store.deliverable(id: subscription.id) != nil)
        try StudyDatabase(database: storage).withdraw(
            patientID: participant, on: LocalDate(dayNumber: 20_000), at: Date())
        #expect(try store.subscriptions(participantID: participant).isEmpty)
        #expect(try store.deliverable(id: subscription.id) == nil)
        #expect(throws: PushSubscriptionError.notParticipating) {
            try store.subscribe(
                PushSubscriptionRequest(endpoint: "https://push.example.net/2", p256dh: keys.p256dh, auth: keys.auth),
                participantID: participant)
        }
    }

    @Test(arguments: StudyBackend.allCases) func instancesStartingTogetherAgreeOnOneVAPIDKey(
        backend: StudyBackend
    ) throws {
        let storages = try backend.storages(2)
        let keys = concurrently(storages.map { storage in { @Sendable in try VAPIDKeys.keyPair(in: storage) } })
        let points = try keys.map { try $0.get().publicPoint }
        #expect(points[0] == points[1])
        #expect(try VAPIDKeys.keyPair(in: storages[0]).publicPoint == points[0], "kept across starts")
        let rows = try storages[1].read { db in try db.queryOne("SELECT count(*) AS n FROM push_vapid_key")?.int("n") }
        #expect(rows == 1)
        // The stored pair signs, and another instance's copy verifies as the same key: ECDH agrees.
        let peer = try P256Key.generate()
        #expect(try keys[0].get().sharedSecret(with: peer) == (try keys[1].get().sharedSecret(with: peer)))
    }
}
