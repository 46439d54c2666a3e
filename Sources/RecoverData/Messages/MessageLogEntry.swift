import Foundation

/// One line of the staff's message log: to whom, what kind, when, and where its delivery stands. There is no
/// content to show: a message carries none.
public struct MessageLogEntry: Hashable, Sendable {
    /// The message's id.
    public let id: String
    /// What it is for.
    public let kind: MessageKind
    /// How it goes out (for push, ``recipient`` is the subscription's id).
    public let channel: MessageChannel
    /// To whom.
    public let recipient: String
    /// In which language.
    public let language: String
    /// Where its delivery stands.
    public let state: OutboxMessage.State
    /// Attempts started.
    public let attempts: Int
    /// When it was queued.
    public let createdAt: Date
    /// When the next attempt may start (when it failed, for a failed one).
    public let nextAttemptAt: Date
    /// When the relay accepted it.
    public let sentAt: Date?
    /// The last failure's code.
    public let lastError: String?
}

/// Which log entries to read, newest first.
public struct MessageLogQuery: Hashable, Sendable {
    /// Only messages of this kind.
    public var kind: MessageKind?
    /// Only messages in this state.
    public var state: OutboxMessage.State?
    /// Only messages to this address.
    public var recipient: String?
    /// At most this many entries (bounded to 1...1000).
    public var limit: Int

    /// A query; `limit` is bounded to 1...1000.
    public init(
        kind: MessageKind? = nil, state: OutboxMessage.State? = nil, recipient: String? = nil, limit: Int = 100
    ) {
        self.kind = kind
        self.state = state
        self.recipient = recipient
        self.limit = min(max(limit, 1), 1000)
    }
}

/// How many messages are in each state, and since when the oldest one waits (`recover mail status`).
public struct OutboxSummary: Hashable, Sendable {
    /// Messages per state (a state without any is missing).
    public let counts: [OutboxMessage.State: Int]
    /// How many queued messages are due now.
    public let due: Int
    /// When the oldest message still queued or sending was queued.
    public let oldestWaitingSince: Date?

    /// The count of `state`, 0 when none.
    public func count(_ state: OutboxMessage.State) -> Int { counts[state] ?? 0 }
}
