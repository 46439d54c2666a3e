import Cryptography
import Foundation

/// The participants' Web Push subscriptions (`push_subscription`), one per browser: stored when a participant
/// allows notifications, replaced when the same endpoint comes again, deleted when they turn push off on that
/// device, when the push service says it is gone (404/410), and when they withdraw. Every change is in the
/// audit trail as a change of the participant's records (``AuditTrail/recordChange(_:of:participantID:in:_:)``).
///
/// A reminder queues one push message per subscription inside its own write:
///
/// ```swift
/// try storage.write { db in
///     for subscription in try PushSubscriptions.subscriptions(participantID: id, in: db) {
///         try MessageOutbox.enqueue(
///             MessageRequest(kind: .reminder, channel: .push, recipient: subscription.id, language: language,
///                            parameters: ["taskTitle": title, "url": "/survey/\(task)/\(occurrence)"],
///                            dedupeKey: "reminder:\(id):\(task):\(occurrence):push:\(subscription.id)"),
///             at: now, in: db)
///     }
/// }
/// ```
public struct PushSubscriptions: Sendable {
    /// The study database holding `push_subscription`.
    public let database: StudyStorage

    /// The subscriptions of `database`.
    public init(database: StudyStorage) { self.database = database }

    static func row(_ id: String) -> AuditedRow { AuditedRow(table: "push_subscription", key: id) }

    /// Stores `request` for the participant in its own write, as the participant (see the static twin).
    public func subscribe(
        _ request: PushSubscriptionRequest, participantID: String, at instant: Date = Date()
    ) throws -> PushSubscription {
        try database.write { db in
            db.auditActor = "account:\(participantID)"
            return try Self.subscribe(request, participantID: participantID, at: instant, in: db)
        }
    }

    /// Removes the participant's subscription at `endpoint` (turned off on that device); false when there was none.
    @discardableResult
    public func remove(endpoint: String, participantID: String) throws -> Bool {
        try database.write { db in
            db.auditActor = "account:\(participantID)"
            guard
                let id = try db.queryOne(
                    "SELECT id FROM push_subscription WHERE endpoint = ? AND participant_id = ?",
                    [endpoint, participantID])?.string("id")
            else { return false }
            try Self.delete(id: id, participantID: participantID, in: db)
            return true
        }
    }

    /// Deletes subscription `id` because the push service said it is gone; false when it was already gone.
    @discardableResult
    public func deleteGone(id: String) throws -> Bool {
        try database.write { db in
            guard let stored = try Self.stored(id: id, in: db) else { return false }
            try Self.delete(id: id, participantID: stored.participantID, in: db)
            return true
        }
    }

    /// The participant's subscriptions, oldest first.
    public func subscriptions(participantID: String) throws -> [PushSubscription] {
        try database.read { db in try Self.subscriptions(participantID: participantID, in: db) }
    }

    /// The subscription `id` when its participant still takes part (not withdrawn), for the sender.
    public func deliverable(id: String) throws -> PushSubscription? {
        try database.read { db in
            guard let subscription = try Self.stored(id: id, in: db),
                let account = try AccountStore.account(id: subscription.participantID, in: db),
                account.role == .participant, !account.isWithdrawn
            else { return nil }
            return subscription
        }
    }

    // MARK: In the caller's transaction

    /// The participant's subscriptions inside the caller's transaction, oldest first: the reminder use case's
    /// entry point (one push message per subscription).
    public static func subscriptions(participantID: String, in db: StoreConnection) throws -> [PushSubscription] {
        try db.query(
            "SELECT * FROM push_subscription WHERE participant_id = ? ORDER BY created_at, id", [participantID]
        ).map(decode)
    }

    /// Checks and stores `request` for a participant who takes part, inside the caller's write: the endpoint by
    /// ``PushEndpoint``, `p256dh` a point on P-256 (OpenSSL's check), `auth` 16 bytes. A subscription with the
    /// same endpoint (this browser subscribed before, perhaps for another account) is replaced by a new one
    /// with a new id. Throws ``PushSubscriptionError`` with nothing changed.
    public static func subscribe(
        _ request: PushSubscriptionRequest, participantID: String, at instant: Date, in db: StoreConnection
    ) throws -> PushSubscription {
        guard let endpoint = PushEndpoint(request.endpoint) else { throw PushSubscriptionError.invalidEndpoint }
        guard request.p256dh.utf8.count <= 200, let key = Crypto.base64URLDecode(request.p256dh),
            P256Key.isValidPublicPoint(key)
        else { throw PushSubscriptionError.invalidKey }
        guard request.auth.utf8.count <= 64, let auth = Crypto.base64URLDecode(request.auth), auth.count == 16 else {
            throw PushSubscriptionError.invalidAuth
        }
        if let label = request.label {
            guard label.count <= 64, label.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                throw PushSubscriptionError.invalidLabel
            }
        }
        guard let account = try AccountStore.account(id: participantID, in: db), account.role == .participant,
            !account.isWithdrawn
        else { throw PushSubscriptionError.notParticipating }
        if let previous = try db.queryOne("SELECT * FROM push_subscription WHERE endpoint = ?", [endpoint.url]) {
            let old = try decode(previous)
            try delete(id: old.id, participantID: old.participantID, in: db)
        }
        let subscription = PushSubscription(
            id: UUID().uuidString.lowercased(), participantID: participantID, endpoint: endpoint, p256dh: key,
            auth: auth, label: request.label, createdAt: instant)
        try AuditTrail.recordChange(of: row(subscription.id), participantID: participantID, in: db) {
            try db.execute(
                """
                INSERT INTO push_subscription (id, participant_id, endpoint, p256dh, auth, label, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    subscription.id, participantID, endpoint.url, Crypto.base64URL(key), Crypto.base64URL(auth),
                    request.label, instant,
                ])
        }
        return subscription
    }

    /// Deletes every subscription of the participant inside the caller's write (their withdrawal).
    public static func deleteAll(participantID: String, in db: StoreConnection) throws {
        for subscription in try subscriptions(participantID: participantID, in: db) {
            try delete(id: subscription.id, participantID: participantID, in: db)
        }
    }

    static func delete(id: String, participantID: String, in db: StoreConnection) throws {
        try AuditTrail.recordChange(of: row(id), participantID: participantID, in: db) {
            try db.execute("DELETE FROM push_subscription WHERE id = ?", [id])
        }
    }

    static func stored(id: String, in db: StoreConnection) throws -> PushSubscription? {
        try db.queryOne("SELECT * FROM push_subscription WHERE id = ?", [id]).map(decode)
    }

    static func decode(_ row: StoreRow) throws -> PushSubscription {
        guard let endpoint = PushEndpoint(try row.string("endpoint")),
            let key = Crypto.base64URLDecode(try row.string("p256dh")),
            let auth = Crypto.base64URLDecode(try row.string("auth"))
        else { throw PushSubscriptionError.unreadableRow }
        return PushSubscription(
            id: try row.string("id"), participantID: try row.string("participant_id"), endpoint: endpoint,
            p256dh: key, auth: auth, label: try row["label"], createdAt: try row.date("created_at"))
    }
}
