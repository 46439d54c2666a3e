import Synchronization

/// Stores write `?` placeholders on both databases; PostgreSQL numbers its own (`$1`, `$2`...).
enum PostgresPlaceholders {
    private static let cache = Mutex<[String: String]>([:])
    /// Statements are the stores' own text, a few hundred of them; statements built with a varying number of
    /// placeholders (`IN (?, ?, ...)`) are bounded by this.
    private static let cacheLimit = 2_048

    /// `sql` with each `?` outside quotes and comments replaced by `$n`, counting from 1.
    static func numbered(_ sql: String) -> String {
        if let known = cache.withLock({ $0[sql] }) { return known }
        let rewritten = rewrite(sql)
        cache.withLock { entries in
            if entries.count >= cacheLimit { entries.removeAll(keepingCapacity: true) }
            entries[sql] = rewritten
        }
        return rewritten
    }

    private static func rewrite(_ sql: String) -> String {
        var output = ""
        output.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        var quote: Character?
        var inLineComment = false
        for character in sql {
            if inLineComment {
                if character == "\n" { inLineComment = false }
                output.append(character)
            } else if let open = quote {
                if character == open { quote = nil }
                output.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                output.append(character)
            } else if character == "-", output.last == "-" {
                inLineComment = true
                output.append(character)
            } else if character == "?" {
                number += 1
                output += "$\(number)"
            } else {
                output.append(character)
            }
        }
        return output
    }
}
