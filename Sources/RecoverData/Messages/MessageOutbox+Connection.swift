import Foundation

extension MessageOutbox {
    /// The largest JSON text of a message's parameters, in bytes.
    public static let parametersLimit = 4096

    /// Queues `request` inside the caller's transaction `db` (the use case's own write); false when a message
    /// with its dedupe key was queued before, and nothing is added. A request that breaks the outbox's bounds
    /// (an address that is not one, over-long parameters) throws ``MessageOutboxError``.
    @discardableResult
    public static func enqueue(_ request: MessageRequest, at instant: Date, in db: StoreConnection) throws -> Bool {
        let recipientIsValid =
            request.channel == .push
            ? UUID(uuidString: request.recipient) != nil && request.recipient == request.recipient.lowercased()
            : MailAddress.isValid(request.recipient)
        guard recipientIsValid else { throw MessageOutboxError(.invalidRecipient) }
        guard (1...200).contains(request.dedupeKey.utf8.count) else { throw MessageOutboxError(.invalidDedupeKey) }
        guard (1...16).contains(request.language.utf8.count) else { throw MessageOutboxError(.invalidLanguage) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let parameters = String(decoding: try encoder.encode(request.parameters), as: UTF8.self)
        guard parameters.utf8.count <= parametersLimit else { throw MessageOutboxError(.parametersTooLarge) }
        return try db.execute(
            """
            INSERT INTO message_outbox (id, kind, channel, recipient, language, parameters, dedupe_key, state,
                attempts, next_attempt_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?)
            ON CONFLICT (dedupe_key) DO NOTHING
            """,
            [
                UUID().uuidString.lowercased(), request.kind.rawValue, request.channel.rawValue, request.recipient,
                request.language, parameters, request.dedupeKey, instant, instant,
            ]) == 1
    }

    /// `AND channel IN (...)` for `channels` (sorted, so the statement's text is stable), with its arguments.
    static func channelFilter(_ channels: Set<MessageChannel>) -> (sql: String, arguments: [any StoreValue]) {
        let names = channels.map(\.rawValue).sorted()
        return (" AND channel IN (\(names.map { _ in "?" }.joined(separator: ", ")))", names)
    }

    /// Whether a message with `dedupeKey` was ever queued (whatever became of it), inside the caller's
    /// transaction: a use case that reads first writes only what is new.
    public static func isQueued(dedupeKey: String, in db: StoreConnection) throws -> Bool {
        try db.queryOne("SELECT 1 AS found FROM message_outbox WHERE dedupe_key = ?", [dedupeKey]) != nil
    }

    /// Whether any message on `channels` is due or held under an expired lease (what ``claimDue`` would act on).
    static func hasDue(now: Date, channels: Set<MessageChannel>, in db: StoreConnection) throws -> Bool {
        guard !channels.isEmpty else { return false }
        let filter = channelFilter(channels)
        return try db.queryOne(
            """
            SELECT 1 AS found FROM message_outbox
            WHERE ((state = 'queued' AND next_attempt_at <= ?) OR (state = 'sending' AND lease_expires_at <= ?))\(filter.sql)
            LIMIT 1
            """, [now, now] + filter.arguments) != nil
    }

    /// ``claim(owner:now:limit:channels:)`` inside the caller's write transaction.
    static func claimDue(
        owner: String, now: Date, limit: Int, channels: Set<MessageChannel>, policy: MessageRetryPolicy,
        in db: StoreConnection
    ) throws -> [OutboxMessage] {
        guard !channels.isEmpty else { return [] }
        let filter = channelFilter(channels)
        try db.execute(
            """
            UPDATE message_outbox SET state = 'failed', last_error = 'interrupted', lease_owner = NULL,
                lease_expires_at = NULL
            WHERE state = 'sending' AND lease_expires_at <= ? AND attempts >= ?\(filter.sql)
            """, [now, policy.maximumAttempts] + filter.arguments)
        let due = try db.query(
            """
            SELECT * FROM message_outbox
            WHERE ((state = 'queued' AND next_attempt_at <= ?) OR (state = 'sending' AND lease_expires_at <= ?))\(filter.sql)
            ORDER BY next_attempt_at, id LIMIT ?
            """, [now, now] + filter.arguments + [min(max(limit, 1), 100)]
        ).map(decode)
        let until = now.addingTimeInterval(policy.lease)
        return try due.map { message in
            try db.execute(
                """
                UPDATE message_outbox SET state = 'sending', attempts = attempts + 1, lease_owner = ?,
                    lease_expires_at = ?
                WHERE id = ?
                """, [owner, until, message.id])
            return OutboxMessage(
                id: message.id, kind: message.kind, channel: message.channel, recipient: message.recipient,
                language: message.language,
                parameters: message.parameters, dedupeKey: message.dedupeKey, state: .sending,
                attempts: message.attempts + 1, nextAttemptAt: message.nextAttemptAt, leaseOwner: owner,
                leaseExpiresAt: until, sentAt: nil, lastError: message.lastError, createdAt: message.createdAt)
        }
    }

    /// ``log(_:)`` inside the caller's transaction.
    public static func log(_ query: MessageLogQuery, in db: StoreConnection) throws -> [MessageLogEntry] {
        var conditions: [String] = []
        var arguments: [any StoreValue] = []
        if let kind = query.kind {
            conditions.append("kind = ?")
            arguments.append(kind.rawValue)
        }
        if let state = query.state {
            conditions.append("state = ?")
            arguments.append(state.rawValue)
        }
        if let recipient = query.recipient {
            conditions.append("recipient = ?")
            arguments.append(recipient)
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        arguments.append(query.limit)
        return try db.query(
            """
            SELECT id, kind, channel, recipient, language, state, attempts, created_at, next_attempt_at, sent_at,
                last_error
            FROM message_outbox \(filter) ORDER BY created_at DESC, id DESC LIMIT ?
            """, arguments
        ).map { row in
            MessageLogEntry(
                id: try row.string("id"), kind: try kind(row), channel: try channel(row),
                recipient: try row.string("recipient"),
                language: try row.string("language"), state: try state(row), attempts: try row.int("attempts"),
                createdAt: try row.date("created_at"), nextAttemptAt: try row.date("next_attempt_at"),
                sentAt: try row["sent_at"], lastError: try row["last_error"])
        }
    }

    static func decode(_ row: StoreRow) throws -> OutboxMessage {
        let text = try row.string("parameters")
        guard let parameters = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)) else {
            throw MessageOutboxError(.unreadableRow)
        }
        return OutboxMessage(
            id: try row.string("id"), kind: try kind(row), channel: try channel(row),
            recipient: try row.string("recipient"),
            language: try row.string("language"), parameters: parameters, dedupeKey: try row.string("dedupe_key"),
            state: try state(row), attempts: try row.int("attempts"), nextAttemptAt: try row.date("next_attempt_at"),
            leaseOwner: try row["lease_owner"], leaseExpiresAt: try row["lease_expires_at"], sentAt: try row["sent_at"],
            lastError: try row["last_error"], createdAt: try row.date("created_at"))
    }

    private static func kind(_ row: StoreRow) throws -> MessageKind {
        guard let kind = MessageKind(rawValue: try row.string("kind")) else { throw MessageOutboxError(.unreadableRow) }
        return kind
    }

    private static func channel(_ row: StoreRow) throws -> MessageChannel {
        guard let channel = MessageChannel(rawValue: try row.string("channel")) else {
            throw MessageOutboxError(.unreadableRow)
        }
        return channel
    }

    private static func state(_ row: StoreRow) throws -> OutboxMessage.State {
        guard let state = OutboxMessage.State(rawValue: try row.string("state")) else {
            throw MessageOutboxError(.unreadableRow)
        }
        return state
    }
}

/// A message the outbox does not take, or a stored row it cannot read; says which, never the values.
public struct MessageOutboxError: Error, Hashable, CustomStringConvertible {
    /// What is wrong.
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's name (`invalid-recipient`).
        public let rawValue: String
        /// A code by name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The recipient is not an e-mail address Recover sends to (``MailAddress``).
        public static let invalidRecipient = Code(rawValue: "invalid-recipient")
        /// The dedupe key is empty or longer than 200 bytes.
        public static let invalidDedupeKey = Code(rawValue: "invalid-dedupe-key")
        /// The language is empty or longer than 16 bytes.
        public static let invalidLanguage = Code(rawValue: "invalid-language")
        /// The parameters' JSON is longer than ``MessageOutbox/parametersLimit``.
        public static let parametersTooLarge = Code(rawValue: "parameters-too-large")
        /// A stored row has an unknown kind, state or unreadable parameters.
        public static let unreadableRow = Code(rawValue: "unreadable-row")
    }

    /// What is wrong.
    public let code: Code

    /// An error with `code`.
    public init(_ code: Code) { self.code = code }

    /// The code, never the values.
    public var description: String { "message outbox: \(code.rawValue)" }
}
