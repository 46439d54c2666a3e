import Foundation

/// A push subscription's endpoint (RFC 8030): an https URL of at most 2 KiB, without user information or a
/// fragment; plain http only for a loopback host (127.0.0.0/8, `localhost`, `::1`), which is what the tests'
/// local push service is.
///
/// ```swift
/// let endpoint = try PushEndpoint("https://fcm.googleapis.com/fcm/send/abc")
/// endpoint.origin   // "https://fcm.googleapis.com": VAPID's audience
/// ```
public struct PushEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// The longest endpoint taken, in bytes.
    public static let limit = 2048

    /// The URL as given.
    public let url: String
    /// `scheme://host[:port]`, the JWT's `aud` (the port only when not the scheme's default).
    public let origin: String

    /// The endpoint `text`; nil when it breaks the rule above.
    public init?(_ text: String) {
        guard (1...Self.limit).contains(text.utf8.count),
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
            let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty,
            components.user == nil, components.password == nil, components.fragment == nil
        else { return nil }
        let port = components.port
        if let port, !(1...65535).contains(port) { return nil }
        switch scheme {
        case "https": break
        case "http" where Self.isLoopback(host): break
        default: return nil
        }
        let defaultPort = scheme == "https" ? 443 : 80
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        url = text
        origin = "\(scheme)://\(shownHost)" + (port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")
    }

    /// The URL as given.
    public var description: String { url }

    private static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
