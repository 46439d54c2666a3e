/// What an audit entry records: a change to a record, or a staff member reading one.
public enum AuditAction: String, Codable, Hashable, Sendable, CaseIterable {
    /// A record was created.
    case create
    /// A record was changed (a tombstone that keeps the row is a `delete`).
    case update
    /// A record was deleted or marked deleted.
    case delete
    /// Someone read a participant's record (staff reads are audited too).
    case read
}
