import Care
import Foundation
import Postgres

/// The care store in a PostgreSQL database: the `CareStore` contract of `SQLiteCareStore`, for several
/// `recover serve` instances on one database.
///
/// Every instance method is one transaction (`SERIALIZABLE` writes, run again by the core on a serialization
/// failure, and `REPEATABLE READ` reads). Each also exists as a `static` function taking the connection of an
/// open transaction (`TransactionalCareStore`), so a use case can write a survey result and the outcome in one transaction, as on SQLite:
///
/// ```swift
/// let database = try PostgresDatabase.open(url, migrations: PostgresCareStore.migrations)
/// let care = PostgresCareStore(database: database)
/// try database.write { db in
///     try db.execute("INSERT INTO survey_result (id, json) VALUES ($1, $2)", [resultID, json])
///     _ = try PostgresCareStore.addOutcome(outcome, in: db)
/// }
/// let feed = try await care.events(on: today, timeZoneIdentifier: patient.timeZoneIdentifier)
/// ```
///
/// Reads decode each task version and outcome's values from JSON once and keep them in a `CareRecordCache`
/// (`CareRecordCache.shared` unless the store is given another), so reading a feed again decodes no JSON.
/// A `static` function may run again when its transaction is retried: it does nothing outside the database.
public struct PostgresCareStore: TransactionalCareStore {
    /// The database the store reads and writes; opened with ``migrations``.
    public let database: PostgresDatabase
    /// Where the store's reads keep decoded task versions and outcome values.
    public let cache: CareRecordCache
    /// What stamps outcome update and delete dates.
    public let clock: @Sendable () -> Date

    /// A store over `database`, reading through `cache`; `clock` stamps outcome update and delete dates.
    public init(
        database: PostgresDatabase, cache: CareRecordCache = .shared,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.cache = cache
        self.clock = clock
    }

    /// Connects to the database at `url` and applies the care store's migrations, for tools and tests.
    public static func open(
        _ url: PostgresURL, configuration: PostgresConfiguration = PostgresConfiguration()
    ) throws -> PostgresCareStore {
        PostgresCareStore(
            database: try PostgresDatabase.open(url, migrations: migrations, configuration: configuration))
    }

    /// Runs `body` in one read-only transaction on a pooled connection, without blocking the caller's thread.
    public func readTransaction<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        try await database.read(body)
    }

    /// Runs `body` in one write transaction and returns after the commit; a serialization failure or deadlock runs
    /// it again.
    public func writeTransaction<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        try await database.write(body)
    }
}
