import Foundation
import RecoverApp
import RecoverData
import SQLite

/// The data folder of `serve`, `invite`, `staff` and `demo-data`: created with its database if missing.
enum WebDataFolder {
    static func open(
        _ path: String?, durability: DatabaseConfiguration.Durability = .full
    ) throws -> DataFolder {
        do {
            return try DataFolder.open(URL(fileURLWithPath: path ?? "./recover-data"), durability: durability)
        } catch let error as DataFolder.OpenError {
            throw DataError(error.description)
        }
    }
}
