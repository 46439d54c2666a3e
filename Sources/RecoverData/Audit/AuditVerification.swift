/// The outcome of recomputing the audit chain.
public enum AuditVerification: Hashable, Sendable, CustomStringConvertible {
    /// Every entry is in place and hashes to its stored hash, each chained to the one before.
    case ok(count: Int)
    /// The first entry that does not check out, and why (never the entry's content).
    case broken(sequence: Int64, reason: String)

    /// Whether the chain checked out.
    public var isOK: Bool {
        if case .ok = self { return true }
        return false
    }

    /// `ok N entries` or `broken at entry S: reason`, as `recover audit verify` prints it.
    public var description: String {
        switch self {
        case .ok(let count): "ok \(count) entries"
        case .broken(let sequence, let reason): "broken at entry \(sequence): \(reason)"
        }
    }
}
