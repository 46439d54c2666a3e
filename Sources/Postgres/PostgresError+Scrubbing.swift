import CPostgres
import Foundation

extension PostgresError {
    /// The error a failed result reports, its message scrubbed of `arguments`.
    init(result: OpaquePointer, sql: String?, arguments: [String]) {
        func field(_ code: Int32) -> String? {
            PQresultErrorField(result, code).map { String(cString: $0) }
        }
        let sqlState = field(recover_pq_diag_sqlstate())
        let primary = field(recover_pq_diag_message_primary()) ?? "the server reported an error without a message"
        self.init(
            category: sqlState.map(Category.init(sqlState:)) ?? .server, sqlState: sqlState,
            message: Self.scrubbed(primary, sqlState: sqlState, removing: arguments), sql: sql,
            constraint: field(recover_pq_diag_constraint_name()), table: field(recover_pq_diag_table_name()))
    }

    /// A failure of the connection itself, from libpq's message for it (which names host, port and user, but
    /// never the password; it is removed all the same).
    static func connectionFailure(_ handle: OpaquePointer?, sql: String?, password: String?) -> PostgresError {
        let reported = handle.flatMap { PQerrorMessage($0).map { String(cString: $0) } } ?? ""
        let oneLine = reported.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        let message = oneLine.isEmpty ? "the connection to the database failed" : oneLine
        let category: Category = message.contains("password authentication failed") ? .authentication : .connection
        return PostgresError(
            category: category, message: scrubbed(message, sqlState: nil, removing: password.map { [$0] } ?? []),
            sql: sql)
    }

    /// `message` without the values it may quote.
    ///
    /// Data exceptions (class 22: `invalid input syntax for type uuid: "..."`, `value "..." is out of range`)
    /// quote the offending value, so everything between double quotes goes. Any other message quotes only
    /// names, but an argument's text is still blanked wherever it appears, in case a function or trigger
    /// raised it. Texts shorter than three characters are left, so that a one-letter argument does not eat the
    /// message.
    static func scrubbed(_ message: String, sqlState: String?, removing values: [String]) -> String {
        var text = message
        if sqlState?.hasPrefix("22") == true { text = withoutQuotedParts(text) }
        for value in values.sorted(by: { $0.count > $1.count }) where value.count >= 3 {
            text = text.replacingOccurrences(of: value, with: "…")
        }
        return text
    }

    private static func withoutQuotedParts(_ text: String) -> String {
        var result = ""
        var isQuoted = false
        for character in text {
            if character == "\"" {
                result.append(isQuoted ? "…\"" : "\"")
                isQuoted.toggle()
            } else if !isQuoted {
                result.append(character)
            }
        }
        return isQuoted ? result + "…" : result
    }
}
