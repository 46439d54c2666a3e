import CareSQLite
import Cryptography
import Foundation
import RecoverWeb

/// A data folder that must already hold a Recover database: the commands that read or verify records
/// (`audit`, `consent`, `export`) never create one, and refuse a folder that is not Recover's.
struct ExistingDataFolder {
    let folder: URL
    let database: Database
    /// The server's key in the folder (created on first use).
    let signingKey: SigningKey

    /// Every migration this build knows, in dependency order.
    static let migrations = AccountStore.migrations + StudyServices.migrations

    /// Opens `recover.sqlite` in `path` (default `./recover-data`).
    ///
    /// A missing folder or database file exits 66 (no input); a file that is not a Recover database exits
    /// 65. The message names the folder.
    static func open(_ path: String?) throws -> ExistingDataFolder {
        let folder = URL(fileURLWithPath: path ?? "./recover-data")
        let file = folder.appending(path: Database.fileName)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw NoInputError("no data folder at \(folder.path)")
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw NoInputError("\(folder.path) is not a Recover data folder: it has no \(Database.fileName)")
        }
        // The key signs consent records stored by this process (demo data); created if missing.
        let key = try Commands.loadSigningKey(folder)
        do {
            let database = try Database.open(
                at: file, migrations: migrations, configuration: DatabaseConfiguration(recordSigningKey: key))
            return ExistingDataFolder(folder: folder, database: database, signingKey: key)
        } catch let error as DatabaseOpenError {
            throw DataError(error.description)
        } catch {
            throw DataError("cannot open the database in \(folder.path): \(error)")
        }
    }
}
