import CSQLite
import Foundation
import SQLite

/// A raw SQLite insert loop, the baseline the care benchmark compares store writes against: the C library
/// straight, below the database core, so the figure is what SQLite itself costs.
///
/// Same file settings as `Database` (WAL, the chosen `synchronous` level), one prepared statement, each insert
/// its own transaction (autocommit), rows shaped like `care_outcome`. Nothing else: no validation, no JSON.
enum RawInsertBaseline {
    /// A failure of the baseline loop, with SQLite's message.
    struct Failure: Error, CustomStringConvertible {
        /// SQLite's message.
        let description: String
    }

    /// Inserts `count` rows into a new table in the file at `path` and returns the inserts per second.
    static func run(
        count: Int, path: String, durability: DatabaseConfiguration.Durability = .full
    ) throws -> Double {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
            let db = handle
        else {
            sqlite3_close_v2(handle)
            throw Failure(description: "cannot open \(path)")
        }
        defer { sqlite3_close_v2(db) }
        let synchronous = durability == .full ? "FULL" : "NORMAL"
        try execute(db, "PRAGMA journal_mode = WAL")
        try execute(db, "PRAGMA synchronous = \(synchronous)")
        try execute(
            db,
            """
            CREATE TABLE IF NOT EXISTS baseline (id TEXT PRIMARY KEY, task_id TEXT NOT NULL, occurrence INTEGER NOT NULL,
            values_json TEXT NOT NULL, created_at TEXT NOT NULL)
            """)
        var statement: OpaquePointer?
        guard
            sqlite3_prepare_v2(
                db, "INSERT INTO baseline (id, task_id, occurrence, values_json, created_at) VALUES (?, ?, ?, ?, ?)",
                -1,
                &statement, nil) == SQLITE_OK, let insert = statement
        else { throw Failure(description: String(cString: sqlite3_errmsg(db))) }
        defer { sqlite3_finalize(insert) }
        let values = #"[{"content":{"integer":3},"kind":"checkin.form.pain"}]"#
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<count {
            sqlite3_bind_text(insert, 1, UUID().uuidString, -1, recover_sqlite_transient())
            sqlite3_bind_text(insert, 2, "checkin", -1, recover_sqlite_transient())
            sqlite3_bind_int64(insert, 3, Int64(index))
            sqlite3_bind_text(insert, 4, values, -1, recover_sqlite_transient())
            sqlite3_bind_text(insert, 5, "2025-06-02T08:00:00.000Z", -1, recover_sqlite_transient())
            guard sqlite3_step(insert) == SQLITE_DONE else {
                throw Failure(description: String(cString: sqlite3_errmsg(db)))
            }
            sqlite3_reset(insert)
        }
        let elapsed = clock.now - start
        return Double(count) / seconds(elapsed)
    }

    private static func execute(_ db: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw Failure(description: String(cString: sqlite3_errmsg(db)))
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return max(Double(parts.seconds) + Double(parts.attoseconds) / 1e18, 1e-9)
    }
}
