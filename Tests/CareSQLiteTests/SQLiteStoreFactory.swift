import Care
import Foundation

/// Opens the SQLite care store for the contract suite.
enum SQLiteStoreFactory {
    struct NotYetAvailable: Error {}

    static func open(_ url: URL) throws -> any CareStore {
        throw NotYetAvailable()
    }
}
