/// The connection keywords being collected from a URL, a keyword string or code, each checked as it is set.
struct ConnectionSettings {
    var host: String?
    var port: Int?
    var database: String?
    var user: String?
    var password: String?
    var parameters: [String: String] = [:]

    /// Keywords whose values are secrets, shown as `***`.
    static let secretKeywords: Set<String> = ["password", "sslpassword"]

    /// The libpq keywords Recover passes on, with the values each accepts (nil: any text).
    private static let allowedValues: [String: Set<String>?] = [
        "sslmode": ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"],
        "gssencmode": ["disable", "prefer", "require"],
        "channel_binding": ["disable", "prefer", "require"],
        "target_session_attrs": ["any", "read-write", "read-only", "primary", "standby", "prefer-standby"],
        "keepalives": ["0", "1"],
        "sslsni": ["0", "1"],
        "sslcompression": ["0", "1"],
        "application_name": nil, "fallback_application_name": nil, "options": nil, "hostaddr": nil,
        "sslcert": nil, "sslkey": nil, "sslrootcert": nil, "sslcrl": nil, "sslcrldir": nil, "sslpassword": nil,
        "passfile": nil, "krbsrvname": nil, "ssl_min_protocol_version": nil, "ssl_max_protocol_version": nil,
    ]

    /// The libpq keywords that take a whole number, with their bounds.
    private static let integerRanges: [String: ClosedRange<Int>] = [
        "connect_timeout": 0...86_400,
        "keepalives_idle": 0...86_400,
        "keepalives_interval": 0...86_400,
        "keepalives_count": 0...1000,
        "tcp_user_timeout": 0...86_400_000,
    ]

    /// Sets one keyword, checking its value; the message of a failure names the keyword but never a value.
    mutating func set(_ key: String, _ value: String) throws {
        guard !value.utf8.contains(0) else { throw PostgresURL.invalid("a connection parameter holds a NUL character") }
        switch key {
        case "host": host = value.isEmpty ? nil : value
        case "port": port = try Self.port(value)
        case "dbname": database = value.isEmpty ? nil : value
        case "user": user = value.isEmpty ? nil : value
        case "password": password = value
        case "client_encoding":
            throw PostgresURL.invalid("client_encoding cannot be set: Recover always talks UTF8")
        default:
            if let range = Self.integerRanges[key] {
                guard let number = Self.wholeNumber(value), range.contains(number) else {
                    throw PostgresURL.invalid(
                        "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                parameters[key] = String(number)
            } else if let allowed = Self.allowedValues[key] {
                if let allowed, !allowed.contains(value) {
                    throw PostgresURL.invalid("\(key) must be one of \(allowed.sorted().joined(separator: ", "))")
                }
                parameters[key] = value
            } else {
                let known = (Array(Self.allowedValues.keys) + Array(Self.integerRanges.keys)).sorted()
                throw PostgresURL.invalid(
                    "the connection string has a parameter libpq does not know; the known ones are host, port, "
                        + "dbname, user, password, \(known.joined(separator: ", "))")
            }
        }
    }

    /// A port: 1 to 65535, decimal digits only.
    static func port(_ text: String) throws -> Int {
        guard let number = wholeNumber(text), (1...65_535).contains(number) else {
            throw PostgresURL.invalid("the port is not a number from 1 to 65535")
        }
        return number
    }

    /// Decimal digits only (no sign, no spaces, no `0x`), at most nine of them so it always fits.
    static func wholeNumber(_ text: String) -> Int? {
        guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}
