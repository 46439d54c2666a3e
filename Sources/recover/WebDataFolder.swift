import CareSQLite
import Foundation
import RecoverWeb

/// The data folder of `serve`, `invite` and `staff`: the Recover database file inside it, opened
/// with every migration this build knows.
struct WebDataFolder {
    /// The database; closed when the last reference goes (after the server has stopped).
    let database: Database
    let directory: any AccountDirectory

    /// The database file's name inside the data folder.
    static let databaseFileName = "recover.sqlite"

    static func open(
        _ path: String?, durability: DatabaseConfiguration.Durability = .full
    ) throws -> WebDataFolder {
        let folder = URL(fileURLWithPath: path ?? "./recover-data")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DataError("cannot create the data folder \(folder.path)")
        }
        let key = try Commands.loadSigningKey(folder)
        let database: Database
        do {
            database = try Database.open(
                at: folder.appendingPathComponent(databaseFileName),
                migrations: AccountStore.migrations + StudyServices.migrations + ConsoleQueries.migrations,
                configuration: DatabaseConfiguration(durability: durability, recordSigningKey: key))
        } catch {
            throw DataError("cannot open the database in \(folder.path): \(error)")
        }
        return WebDataFolder(
            database: database,
            directory: SQLiteAccountDirectory(database: database, fallbackTimeZone: TimeZone.current.identifier))
    }
}
