import Foundation

/// The operator's SMTP relay, from `--smtp-url`:
///
/// - `smtp://[user:pass@]host[:port]`: STARTTLS is required (port 587 by default); a relay that does not offer
///   it is an error, never a fallback to plain text.
/// - `smtps://[user:pass@]host[:port]`: TLS from the first byte (port 465 by default).
/// - `smtp://host:port?tls=none`: no TLS at all, for a relay on the same machine (a test server, a local
///   Postfix); credentials are refused with it unless the host is a loopback address.
///
/// The user name and password may be percent-encoded. The password is never printed: ``description`` shows
/// the URL without it.
public struct SMTPRelay: Hashable, Sendable, CustomStringConvertible {
    /// How the connection is protected.
    public enum Security: String, Hashable, Sendable {
        case startTLS, implicitTLS, none
    }

    /// The host name or IP address (without brackets).
    public let host: String
    /// The port, 1 to 65535.
    public let port: Int
    /// How the connection is protected.
    public let security: Security
    /// The AUTH user name, percent-decoded, if any.
    public let username: String?
    let password: String?

    /// The longest URL taken, in bytes.
    public static let urlLimit = 2048

    /// Parses `text` by the rules above; a malformed URL throws ``SMTPRelay/URLError``, whose message never
    /// repeats the text.
    public init(url text: String) throws {
        guard (1...Self.urlLimit).contains(text.utf8.count), text.allSatisfy({ $0.isASCII && !$0.isWhitespace })
        else { throw URLError("the SMTP URL must be at most \(Self.urlLimit) ASCII characters without spaces") }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw URLError("the SMTP URL is not a URL (smtp://[user:pass@]host[:port] or smtps://...)")
        }
        var security: Security
        switch scheme {
        case "smtp": security = .startTLS
        case "smtps": security = .implicitTLS
        default: throw URLError("the SMTP URL must start with smtp:// or smtps://")
        }
        guard let host = components.host, !host.isEmpty else { throw URLError("the SMTP URL names no host") }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard bare.utf8.count <= 253,
            bare.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x3A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            })
        else { throw URLError("the SMTP URL's host is not a host name or IP address") }
        if let port = components.port, !(1...65_535).contains(port) {
            throw URLError("the SMTP URL's port must be between 1 and 65535")
        }
        guard components.path.isEmpty || components.path == "/", components.fragment == nil else {
            throw URLError("the SMTP URL takes no path or fragment")
        }
        for item in components.queryItems ?? [] {
            guard item.name == "tls", item.value == "none", security == .startTLS else {
                throw URLError("the SMTP URL's only option is ?tls=none, on smtp://")
            }
            security = .none
        }
        let username = components.user.flatMap { $0.isEmpty ? nil : $0 }
        let password = components.password
        if password != nil && username == nil { throw URLError("the SMTP URL has a password without a user") }
        if security == .none && username != nil && !["localhost", "127.0.0.1", "::1"].contains(bare) {
            throw URLError("?tls=none would send the password in clear: only to a loopback host")
        }
        self.host = bare
        self.port = components.port ?? (security == .implicitTLS ? 465 : 587)
        self.security = security
        self.username = username
        self.password = password
    }

    /// The URL libcurl connects to, with no credentials (they go in their own options).
    var connectionURL: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "\(security == .implicitTLS ? "smtps" : "smtp")://\(shown):\(port)"
    }

    /// The relay without its password: `smtp://user@host:587 (STARTTLS required)`.
    public var description: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        let user = username.map { "\($0)@" } ?? ""
        let scheme = security == .implicitTLS ? "smtps" : "smtp"
        let how =
            switch security {
            case .startTLS: "STARTTLS required"
            case .implicitTLS: "TLS"
            case .none: "no TLS"
            }
        return "\(scheme)://\(user)\(shown):\(port) (\(how))"
    }

    /// A malformed SMTP URL: what is wrong, never the URL itself (it may hold a password).
    public struct URLError: Error, Hashable, CustomStringConvertible {
        /// What is wrong with the URL.
        public let description: String
        init(_ message: String) { description = message }
    }
}
