import Care

/// The condition that a column of local dates or date-times (`2026-03-29`, `2026-03-29T08:00`) falls on a day
/// from `first` through `last` (both optional, both included), with its arguments; empty when neither is given.
/// The text compares as the dates do, on both databases.
struct LocalDayCondition {
    /// The condition, or empty.
    let sql: String
    /// Its arguments, in order.
    let arguments: [any StoreValue]

    /// ` AND ` and the condition, to follow other conditions; empty when there is none.
    var andCondition: String { sql.isEmpty ? "" : " AND " + sql }

    init(_ column: String, from first: LocalDate?, through last: LocalDate?) {
        var parts: [String] = []
        var arguments: [any StoreValue] = []
        if let first {
            parts.append("\(column) >= ?")
            arguments.append(first.description)
        }
        if let last {
            parts.append("\(column) < ?")
            arguments.append(last.addingDays(1).description)
        }
        sql = parts.joined(separator: " AND ")
        self.arguments = arguments
    }
}
