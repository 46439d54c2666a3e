import CCurl
import Foundation

/// Sends mail through an ``SMTPRelay`` with libcurl: STARTTLS (or implicit TLS) as the relay's URL says, AUTH
/// with its user name and password, one envelope recipient, the message as ``MailMessage/rendered()`` wrote
/// it. Each send opens its own connection and is bounded by ``connectTimeout`` and ``timeout``.
///
/// ```swift
/// let mailer = SMTPMailer(relay: try SMTPRelay(url: "smtp://user:pass@mail.example.org:587"))
/// try mailer.send(message)
/// ```
public struct SMTPMailer: Mailer {
    /// The relay every message goes to.
    public let relay: SMTPRelay
    /// Seconds to connect (DNS, TCP, TLS) at most.
    public var connectTimeout: Int
    /// Seconds for the whole conversation at most; shorter than the outbox's lease.
    public var timeout: Int

    /// A mailer for `relay`, with deadlines bounded to 1...300 seconds.
    public init(relay: SMTPRelay, connectTimeout: Int = 10, timeout: Int = 60) {
        self.relay = relay
        self.connectTimeout = min(max(connectTimeout, 1), 300)
        self.timeout = min(max(timeout, 1), 300)
    }

    /// The whole conversation's deadline, which includes connecting.
    public var longestSend: TimeInterval { TimeInterval(timeout) }

    /// Sends `message` on a new connection; returns once the relay accepted it, throws ``MailError``.
    public func send(_ message: MailMessage) throws {
        let bytes = Array(try message.rendered())
        let handle = try connection()
        let transfer = SMTPTransfer(bytes: bytes)
        let recipients = CurlList()
        try recipients.append("<\(message.to)>")
        try withExtendedLifetime((transfer, recipients)) {
            let context = Unmanaged.passUnretained(transfer).toOpaque()
            try handle.set(CURLOPT_MAIL_FROM, "<\(message.from)>")
            try handle.check(recover_curl_set_list(handle.raw, CURLOPT_MAIL_RCPT, recipients.raw))
            try handle.set(CURLOPT_UPLOAD, 1)
            try transfer.install(on: handle)
            // The debug hook only notes which command was sent last, to tell a refused recipient from a refused
            // sender; nothing of the conversation is kept or printed.
            try handle.set(CURLOPT_VERBOSE, 1)
            try handle.check(
                recover_curl_set_debug_function(handle.raw) { _, type, data, size, context in
                    guard type == CURLINFO_HEADER_OUT, let data, let context else { return 0 }
                    let transfer = Unmanaged<SMTPTransfer>.fromOpaque(context).takeUnretainedValue()
                    transfer.noteCommand(UnsafeRawBufferPointer(start: data, count: min(size, 8)))
                    return 0
                })
            try handle.check(recover_curl_set_pointer(handle.raw, CURLOPT_DEBUGDATA, context))
            let result = curl_easy_perform(handle.raw)
            guard result != CURLE_OK else { return }
            throw Self.error(for: result, reply: handle.responseCode, lastCommand: transfer.lastCommand)
        }
    }

    /// Connects to the relay and goes as far as SMTP allows without sending (greeting, EHLO, STARTTLS, AUTH),
    /// then hangs up: whether the relay can be used, checked at `serve`'s start. Throws ``MailError``.
    public func verifyRelay() throws {
        let handle = try connection()
        try handle.set(CURLOPT_CONNECT_ONLY, 1)
        let result = curl_easy_perform(handle.raw)
        guard result != CURLE_OK else { return }
        throw Self.error(for: result, reply: handle.responseCode, lastCommand: nil)
    }

    /// A handle for the relay: its URL (SMTP only), TLS as its rule says, its credentials, the deadlines, and no
    /// signals (``CurlHandle``).
    private func connection() throws -> CurlHandle {
        let handle = try CurlHandle()
        try handle.set(CURLOPT_URL, relay.connectionURL)
        try handle.set(CURLOPT_PROTOCOLS_STR, "smtp,smtps")
        try handle.set(
            CURLOPT_USE_SSL, Int(relay.security == .none ? CURLUSESSL_NONE.rawValue : CURLUSESSL_ALL.rawValue))
        if let username = relay.username { try handle.set(CURLOPT_USERNAME, username) }
        if let password = relay.password { try handle.set(CURLOPT_PASSWORD, password) }
        try handle.setDeadlines(connect: connectTimeout, total: timeout)
        return handle
    }

    /// The category of a failed transfer, from libcurl's code, the relay's last reply and the command it
    /// answered.
    static func error(for result: CURLcode, reply: Int, lastCommand: String?) -> MailError {
        let code = Int(result.rawValue)
        let answered = reply >= 400 ? reply : nil
        switch result {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_PROXY:
            return MailError(.unreachable, curlCode: code)
        case CURLE_OPERATION_TIMEDOUT:
            return MailError(.timedOut, curlCode: code)
        case CURLE_LOGIN_DENIED:
            return MailError(.authentication, curlCode: code, reply: answered)
        case CURLE_USE_SSL_FAILED, CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT:
            return MailError(.tls, curlCode: code)
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL:
            return MailError(.protocolError, curlCode: code, reply: answered)
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_UPLOAD_FAILED, CURLE_GOT_NOTHING:
            guard let answered else { return MailError(.unreachable, curlCode: code) }
            // 530, 534, 535, 538: authentication required, too weak, refused or needing TLS, whatever the command.
            if [530, 534, 535, 538].contains(answered) {
                return MailError(.authentication, curlCode: code, reply: answered)
            }
            switch lastCommand {
            case "RCPT": return MailError(.recipientRefused, curlCode: code, reply: answered)
            case "AUTH": return MailError(.authentication, curlCode: code, reply: answered)
            default: return MailError(.refused, curlCode: code, reply: answered)
            }
        default:
            return MailError(.other, curlCode: code, reply: answered)
        }
    }
}

/// The bytes of one upload and the last SMTP command sent, shared with libcurl's callbacks during one
/// `curl_easy_perform` on the calling thread.
final class SMTPTransfer: CurlUpload {
    private(set) var lastCommand: String?

    /// Notes the verb (`MAIL`, `RCPT`, `DATA`, `AUTH`...) at the start of a command line; not `QUIT`, which
    /// libcurl sends after the command that failed.
    func noteCommand(_ start: UnsafeRawBufferPointer) {
        let verb = start.prefix(4).map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        guard verb.count == 4, verb.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else { return }
        let command = String(decoding: verb, as: UTF8.self)
        if command != "QUIT" { lastCommand = command }
    }
}
