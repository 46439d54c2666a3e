import Foundation
import SQLite

/// A fresh folder under the temporary directory per test.
///
/// Not removed on deinit: Swift may release a fixture right after its last use while the database it opened
/// is still in use, and removing the folder under an open WAL database crashes SQLite (SIGBUS on the mapped
/// `-shm` file). The folders are small and live under one parent folder in the temporary directory.
struct StorageFixture {
    let folder: URL
    var databaseURL: URL { folder.appending(path: "recover.sqlite") }

    init() {
        folder = FileManager.default.temporaryDirectory.appending(path: "recover-storage-tests")
            .appending(path: UUID().uuidString)
    }

    func open(_ migrations: [Migration] = [], durability: DatabaseConfiguration.Durability = .full) throws -> Database {
        try open(migrations, configuration: DatabaseConfiguration(durability: durability))
    }

    func open(_ migrations: [Migration], configuration: DatabaseConfiguration) throws -> Database {
        try Database.open(at: databaseURL, migrations: migrations, configuration: configuration)
    }
}
