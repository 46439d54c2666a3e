import Foundation

/// One time someone other than the participant viewed or exported their data, as the participant's access
/// log shows it: read from the audit trail's `read` entries about them.
public struct AccessLogEntry: Hashable, Sendable {
    /// Who it was.
    public enum Accessor: Hashable, Sendable {
        /// A staff member of the study (their role and e-mail as stored now).
        case staff(role: AccountRole, email: String)
        /// A staff account that no longer exists.
        case formerStaff
        /// An operator on the server's command line: the command and the system user it ran as, when recorded.
        case commandLine(command: String, user: String?)
        /// The server itself.
        case system
    }

    /// The audit entry's sequence (the cursor for older entries).
    public var sequence: Int64
    /// When it happened (UTC).
    public var recordedAt: Date
    /// Who it was.
    public var accessor: Accessor
    /// What was read: the audit entry's entity type, such as `account`, `consent_record` or `study_export`.
    public var entityType: String
    /// Which one: the record's id, or the format of an export.
    public var entityID: String
}

/// One page of a participant's access log, newest first.
public struct AccessLogPage: Hashable, Sendable {
    /// The entries, newest first.
    public var entries: [AccessLogEntry]
    /// The cursor of the next older page (`before`), nil when there is none.
    public var olderBefore: Int64?

    /// A page of `entries`, newest first; `olderBefore` is nil on the last page.
    public init(entries: [AccessLogEntry], olderBefore: Int64?) {
        self.entries = entries
        self.olderBefore = olderBefore
    }
}
