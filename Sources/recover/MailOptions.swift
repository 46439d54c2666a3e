import Delivery
import Foundation
import RecoverApp
import RecoverData

/// The mail options `serve` and `mail` take, each also from an environment variable (the option wins):
/// `--smtp-url` (`RECOVER_SMTP_URL`), `--mail-from` (`RECOVER_MAIL_FROM`), `--public-url` (`RECOVER_PUBLIC_URL`).
/// Malformed values are usage errors (exit 64) whose message never repeats the SMTP URL (it may hold a
/// password).
struct MailSettings {
    let relay: SMTPRelay?
    let from: String?
    let publicURL: String?

    static let options: [OptionSpec] = [
        .option(
            "smtp-url", value: "URL",
            help: "The SMTP relay: smtp://[user:pass@]host[:port] (STARTTLS required), smtps://... (TLS), "
                + "smtp://host:port?tls=none (a local relay only); also RECOVER_SMTP_URL."),
        .option(
            "mail-from", value: "ADDRESS",
            help: "The sender address of every message and Web Push's contact; also RECOVER_MAIL_FROM."),
        .option(
            "public-url", value: "URL",
            help: "The server's public address for links in messages (https://...); also RECOVER_PUBLIC_URL."),
    ]

    static let environment = [
        "smtp-url": "RECOVER_SMTP_URL", "mail-from": "RECOVER_MAIL_FROM", "public-url": "RECOVER_PUBLIC_URL",
    ]

    init(_ arguments: ParsedArguments) throws {
        func given(_ name: String) -> String? {
            let text =
                arguments.value(name) ?? Self.environment[name].flatMap { ProcessInfo.processInfo.environment[$0] }
            return text?.isEmpty == false ? text : nil
        }
        do {
            relay = try given("smtp-url").map { try SMTPRelay(url: $0) }
        } catch let error as SMTPRelay.URLError {
            throw UsageError("--smtp-url: \(error.description)")
        }
        if let from = given("mail-from"), !MailAddress.isValid(from) {
            throw UsageError("--mail-from must be an e-mail address (name@example.org)")
        }
        from = given("mail-from")
        if relay != nil && from == nil { throw UsageError("--smtp-url needs --mail-from (or RECOVER_MAIL_FROM)") }
        publicURL = try given("public-url").map(Self.publicURL)
    }

    /// `https://host[:port][/path]` without a trailing slash; `http://` only for a loopback host (a local trial).
    static func publicURL(_ text: String) throws -> String {
        guard text.utf8.count <= 2048, let components = URLComponents(string: text), let host = components.host,
            !host.isEmpty, components.query == nil, components.fragment == nil, components.user == nil
        else { throw UsageError("--public-url must be https://host[:port][/path], without a query") }
        let loopback = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host)
        guard components.scheme == "https" || (components.scheme == "http" && loopback) else {
            throw UsageError("--public-url must start with https:// (http:// only for localhost)")
        }
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// The composition root's form of these settings.
    var configuration: MailConfiguration { MailConfiguration(relay: relay, from: from, publicURL: publicURL) }
}
