import CSQLite

/// Facts about the SQLite library this build links against.
public enum SQLiteLibrary {
    /// The SQLite library version (`3.40.1`).
    public static var version: String { String(cString: sqlite3_libversion()) }

    /// Bytes of a savepoint's or statement's undo journal kept in memory before SQLite moves it to a
    /// temporary file (its default is 64 KiB). Each write of a group commit runs in its own savepoint, and a
    /// completed survey changes more than 16 pages (outcome, result, audit entry and values, their indexes,
    /// the counters kept by triggers): with the default, every such write created, wrote and deleted a file
    /// in `/var/tmp`. Bounded, so a migration's large statement still spills rather than growing memory.
    static let statementJournalSpillBytes = 4 << 20

    /// Applies the process-wide settings once, before the first connection opens (SQLite refuses them after
    /// it is initialised, which another library in the process may have done: then the defaults stay).
    static let configured: Bool = recover_sqlite_statement_journal_spill(Int32(statementJournalSpillBytes)) == SQLITE_OK
}
