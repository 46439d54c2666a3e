import Foundation
import RecoverData

/// Sends the outbox's due messages: claims a batch under a lease, writes each with the ``MessageComposer``,
/// hands it to the ``Mailer`` (e-mail) or the ``PushDelivery`` (Web Push, to the subscription its recipient
/// names) and records the outcome (sent, or queued again with backoff, or failed). It claims only the
/// channels it can send: without a mailer, e-mail stays queued. Any number of senders, in one process or
/// several, may run on one database: each message is held by one at a time (``MessageOutbox``).
///
/// ```swift
/// let sender = OutboxSender(outbox: MessageOutbox(database: storage), mailer: SMTPMailer(relay: relay),
///                           composer: MessageComposer(from: "study@example.org"),
///                           push: WebPushSender(vapid: vapid))
/// let round = try sender.sendDue()   // round.sent, round.retrying, round.failed
/// ```
public struct OutboxSender: Sendable {
    /// The outbox it claims from and records in.
    public let outbox: MessageOutbox
    /// What hands each e-mail to the relay; nil: e-mail is not sent (stays queued).
    public let mailer: (any Mailer)?
    /// What delivers each push message; nil: push messages are not sent (stay queued).
    public let push: (any PushDelivery)?
    /// What writes each message.
    public let composer: MessageComposer
    /// This sender's name on its leases: host, process and a random part, unique per sender.
    public let owner: String
    /// Messages claimed per round.
    public let batchSize: Int
    private let subscriptions: PushSubscriptions
    private let clock: @Sendable () -> Date

    /// A sender with a lease name of its own; `clock` is the outbox's time (the tests move it).
    public init(
        outbox: MessageOutbox, mailer: (any Mailer)?, composer: MessageComposer, push: (any PushDelivery)? = nil,
        batchSize: Int = 10, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.outbox = outbox
        self.mailer = mailer
        self.push = push
        self.composer = composer
        self.batchSize = min(max(batchSize, 1), 100)
        self.clock = clock
        subscriptions = PushSubscriptions(database: outbox.database)
        let host = ProcessInfo.processInfo.hostName.prefix(64)
        owner = "\(host):\(ProcessInfo.processInfo.processIdentifier):\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// The channels this sender can send.
    public var channels: Set<MessageChannel> {
        var channels: Set<MessageChannel> = []
        if mailer != nil { channels.insert(.email) }
        if push != nil { channels.insert(.push) }
        return channels
    }

    /// What one round did.
    public struct Round: Hashable, Sendable {
        /// Accepted by the relay or the push service.
        public var sent = 0
        /// Failed this time, queued again for later.
        public var retrying = 0
        /// Given up.
        public var failed = 0
        /// Claimed but not started, because its lease would have run out during the send (earlier sends of the
        /// batch were slow): left to expire and be claimed again, so that no two senders can hold it at once.
        public var skipped = 0
        /// The last e-mail failure's error, for the operator (a category and codes, never a server's text).
        public var lastError: MailError?
        /// The last push failure's error.
        public var lastPushError: PushError?

        /// Whether the round claimed nothing.
        public var isEmpty: Bool { sent + retrying + failed + skipped == 0 }
    }

    /// Claims one batch of due messages and sends them one by one; returns what happened.
    public func sendDue() throws -> Round {
        var round = Round()
        for message in try outbox.claim(owner: owner, now: clock(), limit: batchSize, channels: channels) {
            let longest = (message.channel == .push ? push?.longestSend : mailer?.longestSend) ?? 0
            guard let until = message.leaseExpiresAt, clock().addingTimeInterval(longest) < until else {
                round.skipped += 1
                continue
            }
            let failure: MessageFailure?
            if message.channel == .push {
                do {
                    try sendPush(message)
                    failure = nil
                } catch let error as PushError {
                    failure = error.failure
                    round.lastPushError = error
                } catch {
                    failure = PushError(.other).failure  // the database, or a sender of a test's
                    round.lastPushError = PushError(.other)
                }
            } else {
                do {
                    guard let mailer else { throw MailError(.other) }
                    try mailer.send(try composer.compose(message, date: clock()))
                    failure = nil
                } catch let error as MailError {
                    failure = error.failure
                    round.lastError = error
                } catch {
                    failure = MailError(.other).failure  // a mailer of a test's, or one that breaks its contract
                    round.lastError = MailError(.other)
                }
            }
            guard let failure else {
                try outbox.recordSent(message.id, owner: owner, at: clock())
                round.sent += 1
                continue
            }
            switch try outbox.recordFailure(message.id, owner: owner, failure: failure, at: clock()) {
            case .failed: round.failed += 1
            default: round.retrying += 1
            }
        }
        return round
    }

    /// Sends one push message to the subscription it names. A subscription that no longer exists, or whose
    /// participant withdrew, is `gone`; one the push service calls gone (404/410) is deleted.
    private func sendPush(_ message: OutboxMessage) throws {
        guard let push else { throw PushError(.other) }
        guard let subscription = try subscriptions.deliverable(id: message.recipient) else {
            throw PushError(.gone)
        }
        let payload = try composer.pushPayload(message)
        do {
            try push.send(
                PushMessage(
                    endpoint: subscription.endpoint, subscriberKey: subscription.p256dh,
                    authSecret: subscription.auth, payload: payload))
        } catch let error as PushError where error.category == .gone {
            try subscriptions.deleteGone(id: subscription.id)
            throw error
        }
    }

    /// Rounds until a round claims nothing or `rounds` have run (the background loop's one tick).
    public func sendAllDue(rounds: Int = 10) throws -> Round {
        var total = Round()
        for _ in 0..<min(max(rounds, 1), 1000) {
            let round = try sendDue()
            if round.isEmpty { break }
            total.sent += round.sent
            total.retrying += round.retrying
            total.failed += round.failed
            total.skipped += round.skipped
            total.lastError = round.lastError ?? total.lastError
            total.lastPushError = round.lastPushError ?? total.lastPushError
        }
        return total
    }
}
