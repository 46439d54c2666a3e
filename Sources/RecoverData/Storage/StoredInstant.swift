import Foundation
import SQLite

/// The text of an instant as the stores keep it on both databases: UTC ISO 8601 with milliseconds,
/// `2026-03-29T07:05:09.123Z` (PostgreSQL's timestamps read back as the same text). The exports and the audit
/// trail's JSON write instants this way.
public enum StoredInstant {
    /// The stored text of `date`, rounded to the millisecond.
    public static func text(of date: Date) -> String { DatabaseDate.string(from: date) }
}
