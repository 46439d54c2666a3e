import Foundation

/// The durable outbox (`message_outbox`): a use case queues a message inside its own write, so the message
/// exists exactly when the change that causes it does; senders (``claim(owner:now:limit:)``) take due messages
/// under a lease, and record each outcome.
///
/// Each message is sent at most once per lease: a claim is a write, writes follow one another on both
/// databases (``StudyStorage/write(_:)``), so of several instances exactly one holds a message at a time, and
/// the lease outlasts any send. When a lease expires its sender is taken for dead and the message is tried
/// again, so the one way to send twice is a relay that accepted a message whose answer never reached us (or a
/// sender that died after that answer and before recording it).
///
/// ```swift
/// try storage.write { db in
///     try AccountStore.changePassword(...)
///     _ = try MessageOutbox.enqueue(MessageRequest(kind: .resetNotice, recipient: email, language: "en",
///                                                  dedupeKey: "reset-notice:\(changeID)"), at: now, in: db)
/// }
/// ```
public struct MessageOutbox: Sendable {
    /// The study database holding `message_outbox`.
    public let database: StudyStorage
    /// Leases, backoff and when to give up.
    public let policy: MessageRetryPolicy

    /// The outbox of `database`, with `policy`.
    public init(database: StudyStorage, policy: MessageRetryPolicy = MessageRetryPolicy()) {
        self.database = database
        self.policy = policy
    }

    /// Queues `request` in its own transaction; false when a message with its dedupe key is already queued.
    @discardableResult
    public func enqueue(_ request: MessageRequest, at instant: Date = Date()) throws -> Bool {
        try database.write { db in try Self.enqueue(request, at: instant, in: db) }
    }

    /// Claims up to `limit` due messages (queued and due, or sending under an expired lease) for `owner`, each
    /// now ``OutboxMessage/State/sending`` with one more attempt and a lease until `now` + the policy's lease.
    /// A message whose lease expired on its last attempt is given up instead (`interrupted`). Only messages on
    /// `channels` are claimed (a sender without a mail relay leaves e-mail queued).
    public func claim(
        owner: String, now: Date = Date(), limit: Int = 10, channels: Set<MessageChannel> = [.email, .push]
    ) throws -> [OutboxMessage] {
        let policy = policy
        // Asked every 15 s by every sender: a read finds the usual "nothing due" without taking the writer's
        // turn (on PostgreSQL, the study's writer lock).
        guard try database.read({ db in try Self.hasDue(now: now, channels: channels, in: db) }) else { return [] }
        return try database.write { db in
            try Self.claimDue(owner: owner, now: now, limit: limit, channels: channels, policy: policy, in: db)
        }
    }

    /// Records that the relay accepted message `id`, and forgets its parameters (a reset link's token is kept
    /// only until it is sent); false when `owner` no longer held its lease.
    @discardableResult
    public func recordSent(_ id: String, owner: String, at instant: Date = Date()) throws -> Bool {
        try database.write { db in
            try db.execute(
                """
                UPDATE message_outbox SET state = 'sent', sent_at = ?, lease_owner = NULL, lease_expires_at = NULL,
                    last_error = NULL, parameters = '{}'
                WHERE id = ? AND state = 'sending' AND lease_owner = ?
                """, [instant, id, owner]) == 1
        }
    }

    /// Records a failed attempt of message `id`: queued again after the policy's delay, or failed when the
    /// failure is permanent or the attempts are used up. Returns the new state (nil when `owner` no longer held
    /// its lease, and nothing changed).
    @discardableResult
    public func recordFailure(
        _ id: String, owner: String, failure: MessageFailure, at instant: Date = Date()
    ) throws -> OutboxMessage.State? {
        let policy = policy
        return try database.write { db in
            guard
                let row = try db.queryOne(
                    "SELECT attempts FROM message_outbox WHERE id = ? AND state = 'sending' AND lease_owner = ?",
                    [id, owner])
            else { return nil }
            let attempts = try row.int("attempts")
            let givesUp = failure.isPermanent || attempts >= policy.maximumAttempts
            let next = instant.addingTimeInterval(policy.delay(afterAttempt: attempts))
            try db.execute(
                """
                UPDATE message_outbox SET state = ?, next_attempt_at = ?, last_error = ?, lease_owner = NULL,
                    lease_expires_at = NULL, parameters = CASE WHEN ? THEN '{}' ELSE parameters END
                WHERE id = ?
                """, [givesUp ? "failed" : "queued", givesUp ? instant : next, failure.code, givesUp, id])
            return givesUp ? .failed : .queued
        }
    }

    /// The staff's message log, newest first.
    public func log(_ query: MessageLogQuery = MessageLogQuery()) throws -> [MessageLogEntry] {
        try database.read { db in try Self.log(query, in: db) }
    }

    /// One message by id.
    public func message(id: String) throws -> OutboxMessage? {
        try database.read { db in try db.queryOne("SELECT * FROM message_outbox WHERE id = ?", [id]).map(Self.decode) }
    }

    /// How many messages are in each state, how many are due at `now`, and since when the oldest waits.
    public func summary(now: Date = Date()) throws -> OutboxSummary {
        try database.read { db in
            var counts: [OutboxMessage.State: Int] = [:]
            for row in try db.query("SELECT state, count(*) AS n FROM message_outbox GROUP BY state") {
                if let state = OutboxMessage.State(rawValue: try row.string("state")) {
                    counts[state] = try row.int("n")
                }
            }
            let due =
                try db.queryOne(
                    "SELECT count(*) AS n FROM message_outbox WHERE state = 'queued' AND next_attempt_at <= ?", [now]
                )?.int("n") ?? 0
            let oldest: Date? = try db.queryOne(
                "SELECT min(created_at) AS oldest FROM message_outbox WHERE state IN ('queued', 'sending')")?["oldest"]
            return OutboxSummary(counts: counts, due: due, oldestWaitingSince: oldest)
        }
    }
}
