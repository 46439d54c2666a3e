import Foundation

/// What a queued message is for; its template is the sender's choice by kind (docs/messages.md). A struct over
/// a raw text, so later kinds need no change here.
public struct MessageKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The stored name (`password-reset`).
    public let rawValue: String

    /// A kind from its stored name (lower-case letters and hyphens, 1 to 40 of them).
    public init?(rawValue: String) {
        guard (1...40).contains(rawValue.utf8.count),
            rawValue.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D })
        else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) { rawValue = known }

    /// The stored name.
    public var description: String { rawValue }

    /// A link to set a new password.
    public static let passwordReset = MessageKind(known: "password-reset")
    /// The notice sent after a password changed.
    public static let resetNotice = MessageKind(known: "reset-notice")
    /// An invitation to join the study.
    public static let invitation = MessageKind(known: "invitation")
    /// A task is due.
    public static let reminder = MessageKind(known: "reminder")
    /// The study team's daily digest of alerts (counts and links, never values).
    public static let staffDigest = MessageKind(known: "staff-digest")
    /// `recover mail test` and the tests: a message that says only that mail works.
    public static let test = MessageKind(known: "test")
}

/// How a message goes out: by e-mail (its recipient an address) or by Web Push (its recipient a
/// ``PushSubscription`` id).
public struct MessageChannel: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The stored name (`email`, `push`).
    public let rawValue: String

    /// A channel from its stored name; nil for one Recover does not know.
    public init?(rawValue: String) {
        guard rawValue == "email" || rawValue == "push" else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) { rawValue = known }

    /// The stored name.
    public var description: String { rawValue }

    /// E-mail through the SMTP relay.
    public static let email = MessageChannel(known: "email")
    /// Web Push to one browser's subscription.
    public static let push = MessageChannel(known: "push")
}

/// One message in the outbox (`message_outbox`): to whom, what kind, and where its delivery stands. It holds
/// no body: the sender builds one from the kind, the language and ``parameters`` when it sends.
public struct OutboxMessage: Hashable, Sendable {
    /// Where a message's delivery stands.
    public enum State: String, Hashable, Sendable, CaseIterable {
        /// Waiting for ``OutboxMessage/nextAttemptAt``.
        case queued
        /// Claimed by a sender whose lease runs until ``OutboxMessage/leaseExpiresAt``.
        case sending
        /// The relay accepted it.
        case sent
        /// Given up: refused for good, or out of attempts.
        case failed
    }

    /// A random UUID.
    public let id: String
    /// What it is for, and so which template writes it.
    public let kind: MessageKind
    /// How it goes out.
    public let channel: MessageChannel
    /// The recipient's e-mail address, or for ``MessageChannel/push`` the subscription's id.
    public let recipient: String
    /// The language the message is written in (`en`, `zh-Hans`).
    public let language: String
    /// The template's values (links, names; never health data), as the use case queued them.
    public let parameters: [String: String]
    /// The key that makes the same message be queued once however often its cause runs.
    public let dedupeKey: String
    /// Where its delivery stands.
    public let state: State
    /// Attempts started so far (a claim counts as one).
    public let attempts: Int
    /// When the next attempt may start.
    public let nextAttemptAt: Date
    /// The sender holding it while ``state`` is ``State/sending``.
    public let leaseOwner: String?
    /// When the holder's lease ends; after it, another sender may take the message.
    public let leaseExpiresAt: Date?
    /// When the relay accepted it.
    public let sentAt: Date?
    /// The last failure's code (``MessageFailure/code``), never a server's text.
    public let lastError: String?
    /// When it was queued.
    public let createdAt: Date
}

/// A message a use case asks to send, queued with ``MessageOutbox/enqueue(_:at:in:)`` inside its own write.
public struct MessageRequest: Hashable, Sendable {
    /// What it is for.
    public var kind: MessageKind
    /// How it goes out: e-mail (the default) or Web Push.
    public var channel: MessageChannel
    /// The e-mail address (checked by ``MailAddress``), or for ``MessageChannel/push`` a subscription's id
    /// (``PushSubscriptions/subscriptions(participantID:in:)``).
    public var recipient: String
    /// `en` or `zh-Hans`.
    public var language: String
    /// The template's values: links, names; never health data.
    public var parameters: [String: String]
    /// Its cause, unique in the outbox.
    public var dedupeKey: String

    /// A message of `kind` to `recipient` in `language` on `channel`; `dedupeKey` names its cause
    /// (`invitation:<code>`), so a retried use case queues it once.
    public init(
        kind: MessageKind, channel: MessageChannel = .email, recipient: String, language: String,
        parameters: [String: String] = [:], dedupeKey: String
    ) {
        self.kind = kind
        self.channel = channel
        self.recipient = recipient
        self.language = language
        self.parameters = parameters
        self.dedupeKey = dedupeKey
    }
}

/// Why an attempt failed, as the outbox keeps it: a short code (`unreachable`, `auth`, `recipient-refused/550`),
/// and whether trying again can help.
public struct MessageFailure: Hashable, Sendable {
    /// A code of at most 64 ASCII characters; never a server's text or a message's content.
    public let code: String
    /// True when the same message can never succeed (a recipient refused for good): no retry.
    public let isPermanent: Bool

    /// A failure; `code` keeps only printable ASCII, at most 64 characters of it.
    public init(code: String, isPermanent: Bool = false) {
        let kept = code.unicodeScalars.filter { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }
        self.code = String(String.UnicodeScalarView(kept.prefix(64)))
        self.isPermanent = isPermanent
    }
}
