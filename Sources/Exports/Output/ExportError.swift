/// An export that cannot be made. Says what and where, never the data.
public enum ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The output file cannot be written.
    case cannotWrite(path: String, reason: String)
    /// No participant has this id.
    case unknownParticipant(String)
    /// The date range is empty or reversed.
    case invalidDateRange(from: String, to: String)
    /// A stored record cannot be read back (names the table and id).
    case unreadableRecord(table: String, id: String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .unknownParticipant(let id): "no participant with id '\(id)'"
        case .invalidDateRange(let from, let to): "the date range \(from) to \(to) is empty (--from is after --to)"
        case .unreadableRecord(let table, let id): "the stored \(table) record '\(id)' cannot be read"
        }
    }
}
