import Care
import CareSQLite
import Foundation
import SQLite

/// Opens the SQLite care store for the contract suite.
enum SQLiteStoreFactory {
    static func open(_ url: URL) throws -> any CareStore {
        try SQLiteCareStore.open(at: url)
    }
}
