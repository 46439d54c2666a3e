import Foundation
import SQLite
import Testing

@Suite struct MigrationTests {
    private let first = Migration(name: "alpha-001-create", sql: "CREATE TABLE alpha (id TEXT PRIMARY KEY);")
    private let second = Migration(name: "beta-001-create", sql: "CREATE TABLE beta (id TEXT PRIMARY KEY);")
    private let third = Migration(name: "alpha-002-column", sql: "ALTER TABLE alpha ADD COLUMN label TEXT;")
    /// The core applies exactly the listed migrations (the schema owner puts the audit trail first: RecoverSchemaTests).
    private let audit: [String] = []

    @Test func migrationsApplyInListOrderAndOnlyOnce() throws {
        let fixture = StorageFixture()
        let database = try fixture.open([first, second, third])
        #expect(try Migrator.appliedMigrationNames(in: database) == audit + [first.name, second.name, third.name])
        try Migrator([first, second, third]).migrate(database)
        let reopened = try fixture.open([first, second, third])
        #expect(try Migrator.appliedMigrationNames(in: reopened) == audit + [first.name, second.name, third.name])
        try reopened.write { db in try db.execute("INSERT INTO alpha (id, label) VALUES (?, ?)", ["a", "x"]) }
    }

    @Test func laterMigrationsApplyOnReopen() throws {
        let fixture = StorageFixture()
        _ = try fixture.open([first])
        let database = try fixture.open([first, second])
        #expect(try Migrator.appliedMigrationNames(in: database) == audit + [first.name, second.name])
    }

    @Test func openingAnUpToDateFileWaitsForNoWriter() throws {
        let fixture = StorageFixture()
        let database = try fixture.open([first, second])
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // Another process's writer (the server) holds the write lock while a command opens the file.
            try? database.write { db in
                try db.execute("INSERT INTO alpha (id) VALUES (?)", ["held"])
                holding.signal()
                release.wait()
            }
            done.signal()
        }
        holding.wait()
        defer {
            release.signal()
            done.wait()
        }
        let impatient = DatabaseConfiguration(busyTimeout: 0.2)
        let opened = try fixture.open([first, second], configuration: impatient)
        #expect(try Migrator.appliedMigrationNames(in: opened) == audit + [first.name, second.name])
        // A migration still to apply needs the lock, and says so rather than applying half.
        #expect(throws: (any Error).self) { try fixture.open([first, second, third], configuration: impatient) }
    }

    @Test func alteredMigrationIsDetectedByName() throws {
        let fixture = StorageFixture()
        _ = try fixture.open([first])
        let edited = Migration(name: first.name, sql: "CREATE TABLE alpha (id TEXT PRIMARY KEY, extra TEXT);")
        #expect(throws: MigrationError.alteredMigration(first.name)) { try fixture.open([edited]) }
    }

    @Test func duplicateNamesAreRefused() throws {
        #expect(throws: MigrationError.duplicateName(first.name)) { try StorageFixture().open([first, first]) }
    }

    @Test func failingMigrationLeavesNothingBehind() throws {
        let fixture = StorageFixture()
        let broken = Migration(name: "gamma-001-broken", sql: "CREATE TABLE gamma (id TEXT); CREATE TABLE gamma (x);")
        #expect {
            try fixture.open([first, broken])
        } throws: { error in
            if case .failed(let name, _) = error as? MigrationError { return name == broken.name }
            return false
        }
        let database = try fixture.open([first])
        #expect(try Migrator.appliedMigrationNames(in: database) == audit + [first.name])
        let gamma = try database.read { db in
            try db.queryOne("SELECT count(*) AS n FROM sqlite_master WHERE name = 'gamma'")?.int("n")
        }
        #expect(gamma == 0)
    }

    @Test func fileThatIsNotSQLiteIsRefused() throws {
        let fixture = StorageFixture()
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        try Data("participant,pain\n1,3\n".utf8).write(to: fixture.databaseURL)
        #expect {
            try fixture.open()
        } throws: { error in
            guard case .notRecoverDatabase(let path, _) = error as? DatabaseOpenError else { return false }
            return path == fixture.databaseURL.path
        }
    }

    @Test func foreignSQLiteFileIsRefusedAndLeftUnchanged() throws {
        let fixture = StorageFixture()
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [fixture.databaseURL.path, "CREATE TABLE other_app (x); INSERT INTO other_app VALUES (1);"]
        try process.run()
        process.waitUntilExit()
        let before = try Data(contentsOf: fixture.databaseURL)
        #expect(throws: DatabaseOpenError.self) { try fixture.open() }
        #expect(try Data(contentsOf: fixture.databaseURL) == before)
    }

    @Test func migrationThatCommitsOnItsOwnIsRefused() throws {
        let sneaky = Migration(name: "delta-001-commit", sql: "CREATE TABLE delta (id TEXT); COMMIT;")
        #expect {
            try StorageFixture().open([sneaky])
        } throws: { error in
            if case .failed(let name, _) = error as? MigrationError { return name == sneaky.name }
            return false
        }
    }
}
