import CSQLite

/// Facts about the SQLite library this build links against.
public enum SQLiteLibrary {
    /// The SQLite library version (`3.40.1`).
    public static var version: String { String(cString: sqlite3_libversion()) }
}
