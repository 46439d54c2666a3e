import Foundation
import RecoverApp
import RecoverData

/// A data folder that must already hold a Recover database: the commands that read or verify records
/// (`audit`, `consent`, `export`) never create one, and refuse a folder that is not Recover's.
enum ExistingDataFolder {
    /// Opens `recover.sqlite` in `path` (default `./recover-data`).
    ///
    /// A missing folder or database file exits 66 (no input); a file that is not a Recover database exits
    /// 65. The message names the folder.
    static func open(_ path: String?) throws -> DataFolder {
        do {
            return try DataFolder.open(URL(fileURLWithPath: path ?? "./recover-data"), mustExist: true)
        } catch let error as DataFolder.OpenError {
            if error.isMissing { throw NoInputError(error.description) }
            throw DataError(error.description)
        }
    }
}
