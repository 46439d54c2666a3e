import Foundation
import SQLite

extension AccountStore {
    /// Records one failed sign-in for `key` (for example `account:` or `address:` and a hash).
    public func recordSignInFailure(key: String, at date: Date = Date()) throws {
        try database.write { db in
            try db.execute("INSERT INTO sign_in_failure (key, failed_at) VALUES (?, ?)", [key, date])
        }
    }

    /// How many failures `key` has had at or after `since` (reserved attempts not yet released count too).
    public func signInFailures(key: String, since: Date) throws -> Int {
        try database.read { db in try Self.attempts(key: key, since: since, in: db).count }
    }

    /// Forgets the failures of `key` (after a successful sign-in).
    public func clearSignInFailures(key: String) throws {
        try database.write { db in try db.execute("DELETE FROM sign_in_failure WHERE key = ?", [key]) }
    }

    /// Forgets all failures older than `date`, to keep the table small.
    @discardableResult
    public func deleteSignInFailures(before date: Date) throws -> Int {
        try database.write { db in try db.execute("DELETE FROM sign_in_failure WHERE failed_at < ?", [date]) }
    }

    /// Reserves attempt `attemptID` under every rule when each lets one more through at `date`, in one write
    /// transaction (SQLite's writes are serialised, so the count cannot change between reading and recording).
    public func reserveAttempt(_ attemptID: String, under rules: [ThrottleRule], at date: Date) throws
        -> ThrottleDecision
    {
        try database.write { db in
            var wait: TimeInterval = 0
            for rule in rules {
                let counted = try Self.attempts(
                    key: rule.key, since: date.addingTimeInterval(-rule.limits.window), in: db)
                wait = max(wait, rule.limits.wait(attempts: counted.count, latest: counted.latest, now: date))
            }
            guard wait == 0 else { return .wait(wait) }
            for rule in rules {
                try db.execute(
                    "INSERT INTO sign_in_failure (key, failed_at, attempt_id) VALUES (?, ?, ?)",
                    [rule.key, date, attemptID])
            }
            return .reserved
        }
    }

    /// Forgets attempt `attemptID` and every attempt under `keys`, in one transaction.
    public func releaseAttempt(_ attemptID: String, clearing keys: [String]) throws {
        try database.write { db in
            try db.execute("DELETE FROM sign_in_failure WHERE attempt_id = ?", [attemptID])
            for key in keys { try db.execute("DELETE FROM sign_in_failure WHERE key = ?", [key]) }
        }
    }

    /// The number of attempts under `key` at or after `since`, and the latest one's time.
    static func attempts(key: String, since: Date, in db: StoreConnection) throws -> (count: Int, latest: Date?) {
        guard
            let row = try db.queryOne(
                """
                SELECT count(*) AS attempts, max(failed_at) AS latest FROM sign_in_failure
                WHERE key = ? AND failed_at >= ?
                """, [key, since])
        else { return (0, nil) }
        let latest: Date? = try row["latest"]
        return (try row.int("attempts"), latest)
    }
}
