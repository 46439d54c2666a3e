import Foundation

/// Something that hands one message to a relay: ``SMTPMailer``, or a test's stand-in.
public protocol Mailer: Sendable {
    /// Sends `message` to its recipient, returning once the relay accepted it; throws ``MailError``.
    func send(_ message: MailMessage) throws

    /// The longest one ``send(_:)`` may take, in seconds: a sender starts a send only when its lease lasts
    /// longer than that.
    var longestSend: TimeInterval { get }
}
