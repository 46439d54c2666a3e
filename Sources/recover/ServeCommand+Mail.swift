import Delivery
import Dispatch
import RecoverData

extension Commands {
    /// Seconds between the outbox sender's rounds in `serve`.
    static let outboxInterval = 15

    /// Says on stderr how mail is sent and, with a relay, starts the outbox's sender on a queue of its own: it
    /// first checks the relay (a warning when it cannot be used: the server runs on and the messages wait),
    /// then sends what is due every ``outboxInterval`` seconds. Returns the timer to cancel at stop; nil
    /// without a relay, when nothing pretends to send.
    static func startOutbox(_ settings: MailSettings, database: StudyStorage) -> DispatchSourceTimer? {
        Output.error.line("mail: \(settings.summary)")
        guard let relay = settings.relay, let from = settings.from else { return nil }
        let mailer = SMTPMailer(relay: relay)
        let sender = OutboxSender(
            outbox: MessageOutbox(database: database), mailer: mailer,
            composer: MessageComposer(from: from, publicURL: settings.publicURL))
        let queue = DispatchQueue(label: "recover.outbox")
        queue.async {
            do {
                try mailer.verifyRelay()
            } catch let error as MailError {
                Output.error.line("mail: warning: \(error); the server runs and queued messages wait for the relay")
            } catch {
                Output.error.line("mail: warning: the relay could not be checked")
            }
        }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: .seconds(outboxInterval))
        timer.setEventHandler {
            do {
                let round = try sender.sendAllDue()
                guard !round.isEmpty else { return }
                let error = round.lastError.map { "; last error: \($0)" } ?? ""
                Output.error.line(
                    "mail: sent \(round.sent), retrying \(round.retrying), failed \(round.failed), "
                        + "left for their lease \(round.skipped)\(error)")
            } catch {
                Output.error.line("mail: the outbox could not be read or updated: \(type(of: error))")
            }
        }
        timer.resume()
        return timer
    }
}
