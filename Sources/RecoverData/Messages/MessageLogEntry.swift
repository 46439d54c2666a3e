import Foundation

/// One line of the staff's message log: to whom, what kind, when, and where its delivery stands. There is no
/// content to show: a message carries none.
public struct MessageLogEntry: Hashable, Sendable {
    public let id: String
    public let kind: MessageKind
    public let recipient: String
    public let language: String
    public let state: OutboxMessage.State
    public let attempts: Int
    public let createdAt: Date
    public let nextAttemptAt: Date
    public let sentAt: Date?
    public let lastError: String?
}

/// Which log entries to read, newest first.
public struct MessageLogQuery: Hashable, Sendable {
    public var kind: MessageKind?
    public var state: OutboxMessage.State?
    /// Only messages to this address.
    public var recipient: String?
    /// At most this many entries (bounded to 1...1000).
    public var limit: Int

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
    public let counts: [OutboxMessage.State: Int]
    /// How many queued messages are due now.
    public let due: Int
    /// When the oldest message still queued or sending was queued.
    public let oldestWaitingSince: Date?

    /// The count of `state`, 0 when none.
    public func count(_ state: OutboxMessage.State) -> Int { counts[state] ?? 0 }
}
