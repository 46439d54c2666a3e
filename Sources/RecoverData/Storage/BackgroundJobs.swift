import Foundation
import SQLite

/// Background work that must run once per interval however many server instances share the database (the
/// session purge, later the outbox): an instance claims a job's turn in a write transaction, which writes
/// follow one another in, so of several instances asking at once exactly one gets it.
///
/// ```swift
/// if try BackgroundJobs(database: storage).claim("session-purge", every: 540) { try sessions.purgeExpired() }
/// ```
public struct BackgroundJobs: Sendable {
    /// The database whose `background_job` table records each job's last run.
    public let database: StudyStorage

    /// Background jobs whose turns are recorded in `database`.
    public init(database: StudyStorage) { self.database = database }

    /// Whether this caller runs job `name` now: true when it last ran `interval` seconds ago or more (or
    /// never), and then its turn is recorded as taken at `now`.
    public func claim(_ name: String, every interval: TimeInterval, now: Date = Date()) throws -> Bool {
        try database.write { db in
            let last: Date? = try db.queryOne("SELECT last_run_at FROM background_job WHERE name = ?", [name])?[
                "last_run_at"]
            if let last, now.timeIntervalSince(last) < interval, last <= now { return false }
            try db.execute(
                """
                INSERT INTO background_job (name, last_run_at) VALUES (?, ?)
                ON CONFLICT (name) DO UPDATE SET last_run_at = excluded.last_run_at
                """, [name, DatabaseDate.rounded(now)])
            return true
        }
    }
}
