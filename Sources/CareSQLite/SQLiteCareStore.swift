import Care
import Foundation
import SQLite

/// The care store in the Recover SQLite database.
///
/// Every instance method is one transaction. Each also exists as a `static` function taking the connection of
/// an open transaction (`TransactionalCareStore`), so a use case can store a survey result, delete its draft and
/// write the outcome in one transaction (docs/storage.md, "Composing writes across stores"):
///
/// ```swift
/// let database = try Database.open(
///     at: url, migrations: SurveyDataStore.schema.sqliteMigrations + SQLiteCareStore.migrations)
/// let care = SQLiteCareStore(database: database)
/// try SurveyDataStore(database: database).writeCompleted(result) { db in
///     _ = try SQLiteCareStore.addOutcome(outcome, in: db)
/// }
/// let feed = try await care.events(on: today, timeZoneIdentifier: patient.timeZoneIdentifier)
/// ```
///
/// Reads decode each task version and outcome's values from JSON once and keep them in a ``CareRecordCache``
/// (``CareRecordCache/shared`` unless the store is given another), so reading a feed again decodes no JSON.
public struct SQLiteCareStore: TransactionalCareStore {
    /// The database the store reads and writes; opened with ``migrations``.
    public let database: Database
    /// Where the store's reads keep decoded task versions and outcome values.
    public let cache: CareRecordCache
    /// What stamps outcome update and delete dates.
    public let clock: @Sendable () -> Date

    /// A store over `database`, reading through `cache`; `clock` stamps outcome update and delete dates.
    public init(
        database: Database, cache: CareRecordCache = .shared, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.cache = cache
        self.clock = clock
    }

    /// Opens (or creates) a database at `url` holding only the care store, for tools and tests.
    public static func open(
        at url: URL, configuration: DatabaseConfiguration = DatabaseConfiguration()
    ) throws -> SQLiteCareStore {
        SQLiteCareStore(database: try Database.open(at: url, migrations: migrations, configuration: configuration))
    }

    /// Runs `body` in one read transaction on a reader connection, without blocking the caller's thread.
    public func readTransaction<T: Sendable>(
        _ body: @escaping @Sendable (DatabaseConnection) throws -> T
    ) async throws -> T {
        try await database.read(body)
    }

    /// Runs `body` in one write transaction (which concurrent writes may share) and returns after the commit.
    public func writeTransaction<T: Sendable>(
        _ body: @escaping @Sendable (DatabaseConnection) throws -> T
    ) async throws -> T {
        try await database.write(body)
    }
}
