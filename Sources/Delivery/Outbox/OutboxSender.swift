import Foundation
import RecoverData

/// Sends the outbox's due messages: claims a batch under a lease, writes each with the ``MessageComposer``,
/// hands it to the ``Mailer`` and records the outcome (sent, or queued again with backoff, or failed). Any
/// number of senders, in one process or several, may run on one database: each message is held by one at a
/// time (``MessageOutbox``).
///
/// ```swift
/// let sender = OutboxSender(outbox: MessageOutbox(database: storage), mailer: SMTPMailer(relay: relay),
///                           composer: MessageComposer(from: "study@example.org"))
/// let round = try sender.sendDue()   // round.sent, round.retrying, round.failed
/// ```
public struct OutboxSender: Sendable {
    /// The outbox it claims from and records in.
    public let outbox: MessageOutbox
    /// What hands each message to the relay.
    public let mailer: any Mailer
    /// What writes each message.
    public let composer: MessageComposer
    /// This sender's name on its leases: host, process and a random part, unique per sender.
    public let owner: String
    /// Messages claimed per round.
    public let batchSize: Int
    private let clock: @Sendable () -> Date

    /// A sender with a lease name of its own; `clock` is the outbox's time (the tests move it).
    public init(
        outbox: MessageOutbox, mailer: any Mailer, composer: MessageComposer, batchSize: Int = 10,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.outbox = outbox
        self.mailer = mailer
        self.composer = composer
        self.batchSize = min(max(batchSize, 1), 100)
        self.clock = clock
        let host = ProcessInfo.processInfo.hostName.prefix(64)
        owner = "\(host):\(ProcessInfo.processInfo.processIdentifier):\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// What one round did.
    public struct Round: Hashable, Sendable {
        /// Accepted by the relay.
        public var sent = 0
        /// Failed this time, queued again for later.
        public var retrying = 0
        /// Given up.
        public var failed = 0
        /// Claimed but not started, because its lease would have run out during the send (earlier sends of the
        /// batch were slow): left to expire and be claimed again, so that no two senders can hold it at once.
        public var skipped = 0
        /// The last failure's error, for the operator (a category and codes, never a server's text).
        public var lastError: MailError?

        /// Whether the round claimed nothing.
        public var isEmpty: Bool { sent + retrying + failed + skipped == 0 }
    }

    /// Claims one batch of due messages and sends them one by one; returns what happened.
    public func sendDue() throws -> Round {
        var round = Round()
        for message in try outbox.claim(owner: owner, now: clock(), limit: batchSize) {
            guard let until = message.leaseExpiresAt, clock().addingTimeInterval(mailer.longestSend) < until else {
                round.skipped += 1
                continue
            }
            let failure: MailError?
            do {
                try mailer.send(try composer.compose(message, date: clock()))
                failure = nil
            } catch let error as MailError {
                failure = error
            } catch {
                failure = MailError(.other)  // a mailer of a test's, or one that breaks its contract
            }
            guard let failure else {
                try outbox.recordSent(message.id, owner: owner, at: clock())
                round.sent += 1
                continue
            }
            round.lastError = failure
            switch try outbox.recordFailure(message.id, owner: owner, failure: failure.failure, at: clock()) {
            case .failed: round.failed += 1
            default: round.retrying += 1
            }
        }
        return round
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
        }
        return total
    }
}
