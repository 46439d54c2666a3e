import Foundation

/// Where and how to connect: a `postgresql://` URL or libpq's keyword form, checked before any connection.
///
/// Printing it (`description`, `debugDescription`, `dump`) shows the password as `***`; errors about it never
/// quote it. Libpq keywords beyond host, port, database, user and password (`sslmode`, `connect_timeout`,
/// `options`...) are kept in ``parameters`` after their values are checked.
///
/// ```swift
/// let url = try PostgresURL("postgresql://recover:s3cret@db.example.org:5432/recover?sslmode=verify-full")
/// let same = try PostgresURL("host=db.example.org dbname=recover user=recover password='s3cret' sslmode=verify-full")
/// print(url)   // postgresql://recover:***@db.example.org:5432/recover?sslmode=verify-full
/// ```
public struct PostgresURL: Hashable, Sendable {
    /// A host name, an IP address, or the folder of a Unix-domain socket (starting with `/`); nil is libpq's
    /// default (the local socket).
    public let host: String?
    /// The port, 1 to 65535; nil is libpq's default (5432).
    public let port: Int?
    /// The database name; nil is the user name.
    public let database: String?
    /// The user name; nil is libpq's default (the operating-system user).
    public let user: String?
    /// The password, kept out of every description.
    let password: String?
    /// The other libpq connection keywords and their values, checked.
    public let parameters: [String: String]

    /// A URL from its parts; throws `.invalidURL` for a port out of range or an unknown or invalid parameter.
    public init(
        host: String? = nil, port: Int? = nil, database: String? = nil, user: String? = nil, password: String? = nil,
        parameters: [String: String] = [:]
    ) throws {
        if let port, !(1...65_535).contains(port) { throw Self.invalid("the port is not a number from 1 to 65535") }
        var settings = ConnectionSettings(host: host, port: port, database: database, user: user, password: password)
        for (key, value) in parameters { try settings.set(key, value) }
        self.init(settings)
    }

    /// Parses a `postgresql://` (or `postgres://`) URL or a string of `key=value` pairs in libpq's keyword form.
    ///
    /// Throws ``PostgresError`` with category `.invalidURL` and a message that quotes no part of the string.
    public init(_ string: String) throws {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        let settings: ConnectionSettings
        if let rest = Self.removingScheme(trimmed) {
            settings = try Self.parseURL(rest)
        } else if trimmed.contains("=") {
            settings = try Self.parseKeywords(trimmed)
        } else {
            throw Self.invalid("a database URL starts with postgresql:// or is a list of key=value pairs")
        }
        self.init(settings)
    }

    init(_ settings: ConnectionSettings) {
        host = settings.host
        port = settings.port
        database = settings.database
        user = settings.user
        password = settings.password
        parameters = settings.parameters
    }

    /// Whether the URL carries a password.
    public var hasPassword: Bool { password != nil }

    /// This URL with another database name (tests create one database or schema per case).
    public func replacingDatabase(_ database: String?) -> PostgresURL {
        PostgresURL(
            ConnectionSettings(
                host: host, port: port, database: database, user: user, password: password, parameters: parameters))
    }

    /// This URL with one more parameter, or another value for it; throws `.invalidURL` for an invalid one.
    public func setting(_ key: String, to value: String) throws -> PostgresURL {
        var settings = ConnectionSettings(
            host: host, port: port, database: database, user: user, password: password, parameters: parameters)
        try settings.set(key, value)
        return PostgresURL(settings)
    }

    /// The URL with its password replaced by `***`, for logs: `postgresql://recover:***@db:5432/recover`.
    public var redactedDescription: String {
        var text = "postgresql://"
        if let user {
            text += Self.encoded(user)
            if password != nil { text += ":***" }
            text += "@"
        } else if password != nil {
            text += ":***@"
        }
        if let host { text += host.contains(":") && !host.hasPrefix("/") ? "[\(host)]" : Self.encoded(host) }
        if let port { text += ":\(port)" }
        if let database { text += "/" + Self.encoded(database) }
        let query = parameters.keys.sorted().map { key in
            let value = ConnectionSettings.secretKeywords.contains(key) ? "***" : Self.encoded(parameters[key] ?? "")
            return "\(key)=\(value)"
        }
        if !query.isEmpty { text += "?" + query.joined(separator: "&") }
        return text
    }

    static func invalid(_ message: String) -> PostgresError {
        PostgresError(category: .invalidURL, message: message)
    }

    private static func encoded(_ part: String) -> String {
        part.addingPercentEncoding(withAllowedCharacters: unreservedCharacters) ?? part
    }

    private static let unreservedCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}

extension PostgresURL: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The redacted URL.
    public var description: String { redactedDescription }
    /// The redacted URL.
    public var debugDescription: String { "PostgresURL(\(redactedDescription))" }
    /// The redacted URL only, so `dump` and debuggers never show the password.
    public var customMirror: Mirror { Mirror(self, children: ["url": redactedDescription]) }
}
