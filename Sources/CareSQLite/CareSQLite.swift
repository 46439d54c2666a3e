import CSQLite
import Care

/// Persistence of the care store and of survey results in one SQLite file.
public enum CareSQLiteInfo {
    /// The SQLite library version this build links against.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
