import Foundation

/// A `CareStore` whose every operation is a `static` function on the connection of an open transaction, as the
/// database stores are: other stores' use cases call those functions inside their own transactions, so a care
/// write commits or rolls back with theirs.
///
/// A conforming store supplies its transactions and the statements of its database; this protocol gives every
/// `CareStore` method (each one transaction) and what is the same on every database: the checks of new task
/// versions, a task's history, task queries, and events from schedules joined with their outcomes.
///
/// ```swift
/// try database.write { db in
///     try db.execute(/* the use case's own statement */)
///     _ = try SQLiteCareStore.addOutcome(outcome, in: db)
/// }
/// let feed = try await care.events(on: today, timeZoneIdentifier: zone)  // one read transaction
/// ```
public protocol TransactionalCareStore: CareStore {
    /// The connection of an open transaction.
    associatedtype Connection

    /// Where the store's reads keep decoded task versions and outcome values.
    var cache: CareRecordCache { get }
    /// What stamps outcome update and delete dates.
    var clock: @Sendable () -> Date { get }

    /// Runs `body` in one read transaction: one consistent snapshot.
    func readTransaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T
    /// Runs `body` in one write transaction and returns after the commit; rolls back if it throws.
    func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T

    /// Adds a patient inside the caller's transaction.
    static func addPatient(_ patient: Patient, in db: Connection) throws -> Patient
    /// Replaces a patient's details inside the caller's transaction.
    static func updatePatient(_ patient: Patient, in db: Connection) throws -> Patient
    /// The patient with `id`, inside the caller's transaction.
    static func patient(id: String, in db: Connection) throws -> Patient?
    /// Adds a care plan inside the caller's transaction.
    static func addCarePlan(_ plan: CarePlan, in db: Connection) throws -> CarePlan
    /// The care plans of a patient (all when nil), by id, inside the caller's transaction.
    static func carePlans(patientID: String?, in db: Connection) throws -> [CarePlan]
    /// Adds a contact inside the caller's transaction.
    static func addContact(_ contact: Contact, in db: Connection) throws -> Contact
    /// The contacts of a care plan (all when nil), by id, inside the caller's transaction.
    static func contacts(carePlanID: String?, in db: Connection) throws -> [Contact]

    /// Inserts a checked task version inside the caller's transaction; `duplicateID` when its version id is taken.
    static func insertVersion(_ checked: CheckedTaskVersion, in db: Connection) throws
    /// The histories of the tasks with these ids, or with a version in these care plans (all when both are nil),
    /// by task id; which versions there are comes from the caller's snapshot, `cache` only saves decoding them.
    static func histories(
        taskIDs: [String]?, carePlanIDs: [String]?, cache: CareRecordCache, in db: Connection
    ) throws -> [CareTaskHistory]

    /// Records an outcome and tells whether it was new (false for a retried write of the same id).
    static func addOutcomeReportingNew(_ outcome: Outcome, in db: Connection) throws -> (outcome: Outcome, isNew: Bool)
    /// Replaces a live outcome's values inside the caller's transaction.
    static func updateOutcome(id: String, values: [OutcomeValue], at now: Date, in db: Connection) throws -> Outcome
    /// Marks an outcome deleted inside the caller's transaction; a tombstone is returned unchanged.
    static func deleteOutcome(id: String, at now: Date, in db: Connection) throws -> Outcome
    /// The outcomes a query selects, inside the caller's transaction.
    static func outcomes(_ query: OutcomeQuery, cache: CareRecordCache, in db: Connection) throws -> [Outcome]
    /// The live outcomes of each task version's range of occurrences, in any order.
    static func liveOutcomes(
        in ranges: [(taskVersionID: String, occurrences: ClosedRange<Int>)], cache: CareRecordCache,
        in db: Connection
    ) throws -> [Outcome]
}

/// What is the same on every database, inside the caller's transaction: the task versions, the reads.
extension TransactionalCareStore {
    /// Adds the first version of a task inside the caller's transaction.
    public static func addTask(_ task: CareTask, in db: Connection) throws -> CareTask {
        if try history(taskID: task.id, in: db) != nil {
            throw CareStoreError.duplicateID(entity: "care task", id: task.id)
        }
        try insertVersion(try CareTaskHistory.firstVersion(task), in: db)
        return task
    }

    /// Appends a new version of a task inside the caller's transaction.
    public static func updateTask(_ task: CareTask, in db: Connection) throws -> CareTask {
        guard var history = try history(taskID: task.id, in: db) else { throw CareStoreError.unknownTask(task.id) }
        let checked = try history.appendUpdate(task)
        try insertVersion(checked, in: db)
        return checked.version
    }

    /// Appends a tombstone version inside the caller's transaction.
    public static func deleteTask(
        id: String, effectiveFrom effectiveDate: LocalDateTime, versionID: String, in db: Connection
    ) throws -> CareTask {
        guard var history = try history(taskID: id, in: db) else { throw CareStoreError.unknownTask(id) }
        let checked = try history.appendTombstone(effectiveFrom: effectiveDate, versionID: versionID)
        try insertVersion(checked, in: db)
        return checked.version
    }

    /// Records an outcome inside the caller's transaction (see `CareStore.addOutcome`).
    ///
    /// The same id again returns the stored outcome and writes nothing; ``addOutcomeReportingNew(_:in:)`` tells
    /// which happened.
    public static func addOutcome(_ outcome: Outcome, in db: Connection) throws -> Outcome {
        try addOutcomeReportingNew(outcome, in: db).outcome
    }

    /// Every version of task `taskID`, or nil when there is no such task; versions are decoded through `cache`.
    public static func history(
        taskID: String, cache: CareRecordCache = .shared, in db: Connection
    ) throws -> CareTaskHistory? {
        try histories(taskIDs: [taskID], carePlanIDs: nil, cache: cache, in: db).first
    }

    /// The task versions a query selects, inside the caller's transaction; versions are decoded through `cache`.
    public static func tasks(
        _ query: CareTaskQuery, cache: CareRecordCache = .shared, in db: Connection
    ) throws -> [CareTask] {
        query.select(from: try histories(taskIDs: query.ids, carePlanIDs: query.carePlanIDs, cache: cache, in: db))
    }

    /// The events a query selects with their live outcomes, inside the caller's transaction: the schedules of the
    /// task versions in effect, joined with the outcomes of their occurrences. Task versions and outcome values
    /// are decoded through `cache`, so a second read of the same feed decodes no JSON.
    public static func events(
        _ query: EventQuery, cache: CareRecordCache = .shared, in db: Connection
    ) throws -> [CareEvent] {
        let histories = try histories(taskIDs: query.taskIDs, carePlanIDs: query.carePlanIDs, cache: cache, in: db)
        let planned = try query.plan(from: histories)
        let ranges = PlannedEvent.occurrenceRanges(of: planned)
        let outcomes = ranges.isEmpty ? [] : try liveOutcomes(in: ranges, cache: cache, in: db)
        return EventQuery.attach(planned, outcomes: outcomes)
    }
}

/// Every `CareStore` method, each one transaction around the `static` function of the same name.
extension TransactionalCareStore {
    /// Adds a patient in one write transaction.
    public func addPatient(_ patient: Patient) async throws -> Patient {
        try await writeTransaction { db in try Self.addPatient(patient, in: db) }
    }

    /// Replaces a patient's details in one write transaction.
    public func updatePatient(_ patient: Patient) async throws -> Patient {
        try await writeTransaction { db in try Self.updatePatient(patient, in: db) }
    }

    /// The patient with `id`, read in one read transaction.
    public func patient(id: String) async throws -> Patient? {
        try await readTransaction { db in try Self.patient(id: id, in: db) }
    }

    /// Adds a care plan in one write transaction.
    public func addCarePlan(_ plan: CarePlan) async throws -> CarePlan {
        try await writeTransaction { db in try Self.addCarePlan(plan, in: db) }
    }

    /// The care plans of a patient (all when nil), by id, read in one read transaction.
    public func carePlans(patientID: String?) async throws -> [CarePlan] {
        try await readTransaction { db in try Self.carePlans(patientID: patientID, in: db) }
    }

    /// Adds a contact in one write transaction.
    public func addContact(_ contact: Contact) async throws -> Contact {
        try await writeTransaction { db in try Self.addContact(contact, in: db) }
    }

    /// The contacts of a care plan (all when nil), by id, read in one read transaction.
    public func contacts(carePlanID: String?) async throws -> [Contact] {
        try await readTransaction { db in try Self.contacts(carePlanID: carePlanID, in: db) }
    }

    /// Adds the first version of a task in one write transaction.
    public func addTask(_ task: CareTask) async throws -> CareTask {
        try await writeTransaction { db in try Self.addTask(task, in: db) }
    }

    /// Appends a new version of a task in one write transaction.
    public func updateTask(_ task: CareTask) async throws -> CareTask {
        try await writeTransaction { db in try Self.updateTask(task, in: db) }
    }

    /// Appends a tombstone version in one write transaction.
    public func deleteTask(id: String, effectiveFrom effectiveDate: LocalDateTime, versionID: String) async throws
        -> CareTask
    {
        try await writeTransaction { db in
            try Self.deleteTask(id: id, effectiveFrom: effectiveDate, versionID: versionID, in: db)
        }
    }

    /// The task versions a query selects, read in one read transaction through the store's `cache`.
    public func tasks(_ query: CareTaskQuery) async throws -> [CareTask] {
        try await readTransaction { [cache] db in try Self.tasks(query, cache: cache, in: db) }
    }

    /// Records an outcome in one write transaction; the same id again returns the stored outcome.
    public func addOutcome(_ outcome: Outcome) async throws -> Outcome {
        try await writeTransaction { db in try Self.addOutcome(outcome, in: db) }
    }

    /// Replaces a live outcome's values in one write transaction, stamped with the store's `clock` read before it.
    public func updateOutcome(id: String, values: [OutcomeValue]) async throws -> Outcome {
        let now = clock()
        return try await writeTransaction { db in try Self.updateOutcome(id: id, values: values, at: now, in: db) }
    }

    /// Marks an outcome deleted in one write transaction, stamped with the store's `clock` read before it.
    public func deleteOutcome(id: String) async throws -> Outcome {
        let now = clock()
        return try await writeTransaction { db in try Self.deleteOutcome(id: id, at: now, in: db) }
    }

    /// The outcomes a query selects, read in one read transaction through the store's `cache`.
    public func outcomes(_ query: OutcomeQuery) async throws -> [Outcome] {
        try await readTransaction { [cache] db in try Self.outcomes(query, cache: cache, in: db) }
    }

    /// The events a query selects with their live outcomes, read in one read transaction (one snapshot) through
    /// the store's `cache`.
    public func events(_ query: EventQuery) async throws -> [CareEvent] {
        try await readTransaction { [cache] db in try Self.events(query, cache: cache, in: db) }
    }
}
