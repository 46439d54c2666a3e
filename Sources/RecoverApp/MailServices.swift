import Cryptography
import Delivery
import Foundation
import RecoverData

/// How the server sends mail (`--smtp-url`, `--mail-from`, `--public-url`); no relay means nothing is sent and
/// messages stay queued.
public struct MailConfiguration: Sendable {
    /// The SMTP relay, nil for none.
    public var relay: SMTPRelay?
    /// The sender address; set whenever ``relay`` is.
    public var from: String?
    /// The server's public address for links.
    public var publicURL: String?

    /// A configuration; without a relay, nothing pretends to send.
    public init(relay: SMTPRelay? = nil, from: String? = nil, publicURL: String? = nil) {
        self.relay = relay
        self.from = from
        self.publicURL = publicURL
    }

    /// What `serve` and `mail status` say about sending.
    public var summary: String {
        guard let relay else { return "no SMTP relay configured (--smtp-url): messages stay queued, nothing is sent" }
        return "mail through \(relay) from \(from ?? "?")"
    }

    /// VAPID's contact (RFC 8292 `sub`): `mailto:` the sender address, or else an https public URL; nil, and no
    /// Web Push, when there is neither.
    public var pushSubject: String? { VAPID.subject(mailFrom: from, publicURL: publicURL) }

    /// What `serve` says about Web Push.
    public var pushSummary: String {
        guard let pushSubject else {
            return "Web Push is off: it needs --mail-from or an https --public-url as the contact push services see"
        }
        return "Web Push on, contact \(pushSubject)"
    }
}

/// The study's outbox and, with a relay or Web Push, its background sender (docs/messages.md,
/// docs/web-push.md): ``start()`` checks the relay (a warning when it cannot be used; the server runs on and the
/// messages wait), then sends what is due every ``interval`` seconds on a queue of its own; ``stop()`` ends it.
/// Without a relay the sender sends only push messages, and e-mail stays queued; without a VAPID contact
/// (``MailConfiguration/pushSubject``) only e-mail.
public final class MailServices: Sendable {
    /// Seconds between the sender's rounds.
    public static let interval = 15

    /// The outbox every use case queues its messages in.
    public let outbox: MessageOutbox
    /// How mail is sent.
    public let configuration: MailConfiguration
    private let sender: OutboxSender?
    private let mailer: SMTPMailer?
    private let log: @Sendable (String) -> Void
    private let timer = RepeatingTimer(label: "recover.outbox")

    /// The outbox on `database`, with a sender when `configuration` names a relay and a sender address, or a
    /// VAPID contact (push signed with `vapidKey`, the study's shared key pair: ``VAPIDKeys``). `clock` is the
    /// outbox's time: the server's clock, which the tests move.
    public init(
        database: StudyStorage, configuration: MailConfiguration, vapidKey: P256Key? = nil,
        clock: @escaping @Sendable () -> Date = { Date() },
        log: @escaping @Sendable (String) -> Void
    ) {
        outbox = MessageOutbox(database: database)
        self.configuration = configuration
        self.log = log
        if let relay = configuration.relay, configuration.from != nil {
            mailer = SMTPMailer(relay: relay)
        } else {
            mailer = nil
        }
        var push: WebPushSender?
        if let vapidKey, let subject = configuration.pushSubject {
            push = WebPushSender(vapid: VAPID(key: vapidKey, subject: subject))
        }
        if mailer != nil || push != nil {
            sender = OutboxSender(
                outbox: outbox, mailer: mailer,
                composer: MessageComposer(from: configuration.from ?? "", publicURL: configuration.publicURL),
                push: push, clock: clock)
        } else {
            sender = nil
        }
    }

    /// Whether a relay is configured, so that e-mail is sent at all (pages that need mail say so when not).
    public var isConfigured: Bool { mailer != nil }

    /// Whether push messages are sent (a VAPID key and contact).
    public var pushIsConfigured: Bool { sender?.push != nil }

    /// Says how mail goes and, with a relay, starts the relay check and the sender's rounds.
    public func start() {
        log("mail: \(configuration.summary)")
        log(
            "push: \(pushIsConfigured || configuration.pushSubject == nil ? configuration.pushSummary : "Web Push is off")"
        )
        guard let sender else { return }
        let log = log
        let mailer = mailer
        let started = timer.start(every: Self.interval) {
            do {
                let round = try sender.sendAllDue()
                guard !round.isEmpty else { return }
                let error =
                    (round.lastError.map { "; last error: \($0)" } ?? "")
                    + (round.lastPushError.map { "; last push error: \($0)" } ?? "")
                log(
                    "messages: sent \(round.sent), retrying \(round.retrying), failed \(round.failed), "
                        + "left for their lease \(round.skipped)\(error)")
            } catch {
                log("mail: the outbox could not be read or updated: \(type(of: error))")
            }
        }
        guard started else { return }
        timer.queue.async {
            guard let mailer else { return }
            do {
                try mailer.verifyRelay()
            } catch let error as MailError {
                log("mail: warning: \(error); the server runs and queued messages wait for the relay")
            } catch {
                log("mail: warning: the relay could not be checked")
            }
        }
    }

    /// Stops the sender's rounds (a round under way finishes).
    public func stop() { timer.cancel() }
}
