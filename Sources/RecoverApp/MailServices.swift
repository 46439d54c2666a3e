import Delivery
import Dispatch
import Foundation
import RecoverData
import Synchronization

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
}

/// The study's outbox and, with a relay, its background sender (docs/messages.md): ``start()`` checks the
/// relay (a warning when it cannot be used; the server runs on and the messages wait), then sends what is due
/// every ``interval`` seconds on a queue of its own; ``stop()`` ends it.
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
    // nonisolated(unsafe): a dispatch source is safe to use from any thread (libdispatch's contract); it is
    // scheduled once, in start(), and cancelled in stop() or when released.
    nonisolated(unsafe) private let timer: any DispatchSourceTimer
    private let queue = DispatchQueue(label: "recover.outbox")
    private let started = Mutex(false)

    /// The outbox on `database`, with a sender when `configuration` names a relay and a sender address.
    /// `clock` is the outbox's time: the server's clock, which the tests move.
    public init(
        database: StudyStorage, configuration: MailConfiguration, clock: @escaping @Sendable () -> Date = { Date() },
        log: @escaping @Sendable (String) -> Void
    ) {
        outbox = MessageOutbox(database: database)
        self.configuration = configuration
        self.log = log
        timer = DispatchSource.makeTimerSource(queue: queue)
        // Resumed at once and unscheduled, so it never fires until start(): libdispatch must never release a
        // suspended source (the app is built, and released, by every test fixture).
        timer.resume()
        if let relay = configuration.relay, let from = configuration.from {
            let mailer = SMTPMailer(relay: relay)
            self.mailer = mailer
            sender = OutboxSender(
                outbox: outbox, mailer: mailer,
                composer: MessageComposer(from: from, publicURL: configuration.publicURL), clock: clock)
        } else {
            mailer = nil
            sender = nil
        }
    }

    /// Whether a relay is configured, so that messages are sent at all (pages that need mail say so when not).
    public var isConfigured: Bool { sender != nil }

    deinit { timer.cancel() }

    /// Says how mail goes and, with a relay, starts the relay check and the sender's rounds.
    public func start() {
        log("mail: \(configuration.summary)")
        let first = started.withLock { was in
            defer { was = true }
            return !was
        }
        guard let sender, let mailer, first else { return }
        let log = log
        queue.async {
            do {
                try mailer.verifyRelay()
            } catch let error as MailError {
                log("mail: warning: \(error); the server runs and queued messages wait for the relay")
            } catch {
                log("mail: warning: the relay could not be checked")
            }
        }
        timer.setEventHandler {
            do {
                let round = try sender.sendAllDue()
                guard !round.isEmpty else { return }
                let error = round.lastError.map { "; last error: \($0)" } ?? ""
                log(
                    "mail: sent \(round.sent), retrying \(round.retrying), failed \(round.failed), "
                        + "left for their lease \(round.skipped)\(error)")
            } catch {
                log("mail: the outbox could not be read or updated: \(type(of: error))")
            }
        }
        timer.schedule(deadline: .now() + 1, repeating: .seconds(Self.interval))
    }

    /// Stops the sender's rounds (a round under way finishes).
    public func stop() {
        timer.cancel()
    }
}
