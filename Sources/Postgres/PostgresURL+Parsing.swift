import Foundation

extension PostgresURL {
    /// The part after `postgresql://` or `postgres://` (either case), or nil for another string.
    static func removingScheme(_ text: String) -> Substring? {
        for scheme in ["postgresql://", "postgres://"] {
            if text.lowercased().hasPrefix(scheme) { return text.dropFirst(scheme.count) }
        }
        return nil
    }

    /// `[user[:password]@][host][:port][/database][?key=value&...]`, percent-encoded.
    static func parseURL(_ rest: Substring) throws -> ConnectionSettings {
        var settings = ConnectionSettings()
        let beforeQuery = rest.prefix { $0 != "?" }
        let query = rest.dropFirst(beforeQuery.count + 1)
        let authority = beforeQuery.prefix { $0 != "/" }
        let path = beforeQuery.dropFirst(authority.count + 1)
        var hostAndPort = authority
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            hostAndPort = authority[authority.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                settings.user = try decoded(userInfo[..<colon])
                settings.password = try decoded(userInfo[userInfo.index(after: colon)...])
            } else {
                settings.user = try decoded(userInfo)
            }
        }
        try parseHostAndPort(hostAndPort, into: &settings)
        if !path.isEmpty {
            guard !path.contains("/") else { throw invalid("the database name in the URL contains a slash") }
            settings.database = try decoded(path)
        }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "=") else {
                throw invalid("a URL parameter has no value (parameters are key=value, joined by &)")
            }
            try settings.set(decoded(pair[..<equals]) ?? "", decoded(pair[pair.index(after: equals)...]) ?? "")
        }
        return settings
    }

    private static func parseHostAndPort(_ text: Substring, into settings: inout ConnectionSettings) throws {
        guard !text.contains(",") else { throw invalid("the URL names several hosts; Recover connects to one") }
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw invalid("an IPv6 address in the URL lacks its ]") }
            settings.host = String(text[text.index(after: text.startIndex)..<close])
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid("an IPv6 address must be followed by :port or /") }
                portText = after.dropFirst()
            }
        } else if let colon = text.firstIndex(of: ":") {
            guard text.lastIndex(of: ":") == colon else {
                throw invalid("a host in the URL holds a colon: write an IPv6 address in brackets, [::1]")
            }
            settings.host = try decoded(text[..<colon])
            portText = text[text.index(after: colon)...]
        } else {
            settings.host = try decoded(text)
        }
        if let portText { settings.port = try ConnectionSettings.port(String(portText)) }
    }

    /// A percent-decoded part, nil when empty.
    private static func decoded(_ part: Substring) throws -> String? {
        guard !part.isEmpty else { return nil }
        guard let text = String(part).removingPercentEncoding else {
            throw invalid("the URL has an invalid percent-encoded character")
        }
        return text
    }

    /// libpq's keyword form: `key=value` pairs separated by spaces; a value may be single-quoted, with `\'`
    /// and `\\` inside.
    static func parseKeywords(_ text: String) throws -> ConnectionSettings {
        var settings = ConnectionSettings()
        var characters = text[...]
        func skipSpaces() { characters = characters.drop(while: \.isWhitespace) }
        skipSpaces()
        while !characters.isEmpty {
            let key = characters.prefix { $0 != "=" && !$0.isWhitespace }
            characters = characters.dropFirst(key.count)
            skipSpaces()
            guard !key.isEmpty, characters.first == "=" else {
                throw invalid("the connection string is not a list of key=value pairs")
            }
            characters = characters.dropFirst()
            skipSpaces()
            var value = ""
            if characters.first == "'" {
                characters = characters.dropFirst()
                var closed = false
                while let character = characters.popFirst() {
                    if character == "\\", let escaped = characters.popFirst() {
                        value.append(escaped)
                    } else if character == "'" {
                        closed = true
                        break
                    } else {
                        value.append(character)
                    }
                }
                guard closed else { throw invalid("a quoted value in the connection string is not closed") }
            } else {
                while let character = characters.first, !character.isWhitespace {
                    characters = characters.dropFirst()
                    if character == "\\", let escaped = characters.popFirst() {
                        value.append(escaped)
                    } else {
                        value.append(character)
                    }
                }
            }
            try settings.set(String(key), value)
            skipSpaces()
        }
        return settings
    }
}
