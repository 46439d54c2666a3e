import Care
import Foundation
import SQLite

/// The care store in the Recover SQLite database.
///
/// Every instance method is one transaction. Each also exists as a `static` function taking the connection of
/// an open transaction, so the web layer can store a survey result, delete its draft and write the outcome in
/// one transaction (docs/storage.md, "Composing writes across stores"):
///
/// ```swift
/// let database = try Database.open(at: url, migrations: SurveyDataStore.migrations + SQLiteCareStore.migrations)
/// let care = SQLiteCareStore(database: database)
/// try SurveyDataStore(database: database).writeCompleted(result) { db in
///     _ = try SQLiteCareStore.addOutcome(outcome, in: db)
/// }
/// let feed = try await care.events(on: today, timeZoneIdentifier: patient.timeZoneIdentifier)
/// ```
///
/// Reads decode each task version and outcome's values from JSON once and keep them in a ``CareRecordCache``
/// (``CareRecordCache/shared`` unless the store is given another), so reading a feed again decodes no JSON.
public struct SQLiteCareStore: CareStore {
    /// The database the store reads and writes; opened with ``migrations``.
    public let database: Database
    /// Where the store's reads keep decoded task versions and outcome values.
    public let cache: CareRecordCache
    private let clock: @Sendable () -> Date

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

    public func addPatient(_ patient: Patient) async throws -> Patient {
        try await database.write { db in try Self.addPatient(patient, in: db) }
    }

    public func updatePatient(_ patient: Patient) async throws -> Patient {
        try await database.write { db in try Self.updatePatient(patient, in: db) }
    }

    public func patient(id: String) async throws -> Patient? {
        try await database.read { db in try Self.patient(id: id, in: db) }
    }

    public func addCarePlan(_ plan: CarePlan) async throws -> CarePlan {
        try await database.write { db in try Self.addCarePlan(plan, in: db) }
    }

    public func carePlans(patientID: String?) async throws -> [CarePlan] {
        try await database.read { db in try Self.carePlans(patientID: patientID, in: db) }
    }

    public func addContact(_ contact: Contact) async throws -> Contact {
        try await database.write { db in try Self.addContact(contact, in: db) }
    }

    public func contacts(carePlanID: String?) async throws -> [Contact] {
        try await database.read { db in try Self.contacts(carePlanID: carePlanID, in: db) }
    }

    public func addTask(_ task: CareTask) async throws -> CareTask {
        try await database.write { db in try Self.addTask(task, in: db) }
    }

    public func updateTask(_ task: CareTask) async throws -> CareTask {
        try await database.write { db in try Self.updateTask(task, in: db) }
    }

    public func deleteTask(id: String, effectiveFrom effectiveDate: LocalDateTime, versionID: String) async throws
        -> CareTask
    {
        try await database.write { db in
            try Self.deleteTask(id: id, effectiveFrom: effectiveDate, versionID: versionID, in: db)
        }
    }

    public func tasks(_ query: CareTaskQuery) async throws -> [CareTask] {
        try await database.read { [cache] db in try Self.tasks(query, cache: cache, in: db) }
    }

    public func addOutcome(_ outcome: Outcome) async throws -> Outcome {
        try await database.write { db in try Self.addOutcome(outcome, in: db) }
    }

    public func updateOutcome(id: String, values: [OutcomeValue]) async throws -> Outcome {
        let now = clock()
        return try await database.write { db in try Self.updateOutcome(id: id, values: values, at: now, in: db) }
    }

    public func deleteOutcome(id: String) async throws -> Outcome {
        let now = clock()
        return try await database.write { db in try Self.deleteOutcome(id: id, at: now, in: db) }
    }

    public func outcomes(_ query: OutcomeQuery) async throws -> [Outcome] {
        try await database.read { [cache] db in try Self.outcomes(query, cache: cache, in: db) }
    }

    public func events(_ query: EventQuery) async throws -> [CareEvent] {
        try await database.read { [cache] db in try Self.events(query, cache: cache, in: db) }
    }
}
