import Care

/// What an export includes: one participant or all, and a range of event dates (inclusive, the
/// participant's local dates).
public struct ExportFilter: Hashable, Sendable {
    /// The participant's account id, or nil for every participant.
    public var participantID: String?
    /// The first event date included.
    public var from: LocalDate?
    /// The last event date included.
    public var to: LocalDate?

    /// A filter; throws ``ExportError/invalidDateRange(from:to:)`` when `from` is after `to`.
    public init(participantID: String? = nil, from: LocalDate? = nil, to: LocalDate? = nil) throws {
        if let from, let to, to < from {
            throw ExportError.invalidDateRange(from: from.description, to: to.description)
        }
        self.participantID = participantID
        self.from = from
        self.to = to
    }

    /// The SQL condition on a `YYYY-MM-DD...` text column and its arguments.
    func dateCondition(_ column: String) -> (sql: String, arguments: [String]) {
        var parts: [String] = []
        var arguments: [String] = []
        if let from {
            parts.append("\(column) >= ?")
            arguments.append(from.description)
        }
        if let to {
            parts.append("\(column) < ?")
            arguments.append(to.addingDays(1).description)
        }
        return (parts.joined(separator: " AND "), arguments)
    }
}
