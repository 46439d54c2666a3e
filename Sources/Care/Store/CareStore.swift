import Foundation

/// A store of patients, care plans, contacts, versioned care tasks and outcomes. Events are computed on read.
///
/// Every write is atomic: it either applies fully or throws a `CareStoreError` and leaves the store unchanged.
/// Outcome writes are idempotent by the client-generated `Outcome.id`, and each event has at most one live
/// outcome.
///
/// ```swift
/// let store: any CareStore = InMemoryCareStore()
/// _ = try await store.addTask(checkIn)
/// let today = try await store.events(EventQuery(day: day, timeZoneIdentifier: "America/New_York"))
/// ```
public protocol CareStore: Sendable {
    /// Adds a patient; the id must be new and the zone known.
    func addPatient(_ patient: Patient) async throws -> Patient
    /// Replaces a patient's details, for example a new time zone.
    func updatePatient(_ patient: Patient) async throws -> Patient
    /// The patient with `id`, if any.
    func patient(id: String) async throws -> Patient?

    /// Adds a care plan; the id must be new.
    func addCarePlan(_ plan: CarePlan) async throws -> CarePlan
    /// The care plans of a patient, or all when `patientID` is nil, by id.
    func carePlans(patientID: String?) async throws -> [CarePlan]

    /// Adds a contact; the id must be new.
    func addContact(_ contact: Contact) async throws -> Contact
    /// The contacts of a care plan, or all when `carePlanID` is nil, by id.
    func contacts(carePlanID: String?) async throws -> [Contact]

    /// Adds the first version of a task; the task id and version id must be new and the schedule valid.
    func addTask(_ task: CareTask) async throws -> CareTask
    /// Appends `task` as a new version of the task with the same id, effective from its `effectiveDate`.
    ///
    /// Give the new version a fresh `versionID` (for example `UUID().uuidString`); a used one is `duplicateID`.
    func updateTask(_ task: CareTask) async throws -> CareTask
    /// Appends a tombstone: the task has no events from `effectiveDate` on.
    func deleteTask(id: String, effectiveFrom effectiveDate: LocalDateTime, versionID: String) async throws -> CareTask
    /// The task versions a query selects.
    func tasks(_ query: CareTaskQuery) async throws -> [CareTask]

    /// Records an outcome for an existing event; returns the stored outcome.
    ///
    /// The same `id` again for the same event returns the stored outcome unchanged (see `Outcome.replaying`);
    /// for another event it throws `duplicateID`. Another id for an event that has a live outcome throws
    /// `outcomeAlreadyRecorded`.
    func addOutcome(_ outcome: Outcome) async throws -> Outcome
    /// Replaces a live outcome's values.
    func updateOutcome(id: String, values: [OutcomeValue]) async throws -> Outcome
    /// Marks an outcome deleted (a tombstone); deleting twice returns the tombstone.
    func deleteOutcome(id: String) async throws -> Outcome
    /// The outcomes a query selects.
    func outcomes(_ query: OutcomeQuery) async throws -> [Outcome]

    /// The events a query selects, each with its live outcome.
    func events(_ query: EventQuery) async throws -> [CareEvent]
}

extension CareStore {
    /// The current version of task `id`, or nil when there is none or it is deleted.
    public func task(id: String) async throws -> CareTask? {
        try await tasks(CareTaskQuery(ids: [id])).first
    }

    /// Every version of task `id`, oldest first, tombstones included.
    public func taskHistory(id: String) async throws -> [CareTask] {
        try await tasks(CareTaskQuery(ids: [id], versions: .all))
    }

    /// The events of one local day, with their outcomes: a patient's feed.
    public func events(
        on day: LocalDate, timeZoneIdentifier: String, taskIDs: [String]? = nil, carePlanIDs: [String]? = nil
    ) async throws -> [CareEvent] {
        try await events(
            EventQuery(day: day, timeZoneIdentifier: timeZoneIdentifier, taskIDs: taskIDs, carePlanIDs: carePlanIDs))
    }

    /// Daily adherence for each day `first` through `last` over tasks that impact adherence.
    public func dailyAdherence(
        from first: LocalDate,
        through last: LocalDate,
        timeZoneIdentifier: String,
        taskIDs: [String]? = nil,
        carePlanIDs: [String]? = nil
    ) async throws -> [DailyAdherence] {
        let events = try await events(
            EventQuery(
                from: first, through: last, timeZoneIdentifier: timeZoneIdentifier, taskIDs: taskIDs,
                carePlanIDs: carePlanIDs))
        return DailyAdherence.days(from: first, through: last, events: events)
    }

    /// The numeric values of `kind` recorded for events on the days of `interval`, for a chart.
    public func outcomeSeries(
        kind: String, taskIDs: [String]? = nil, dateInterval: ClosedRange<LocalDate>? = nil
    ) async throws -> OutcomeSeries {
        let outcomes = try await outcomes(OutcomeQuery(taskIDs: taskIDs, dateInterval: dateInterval, kinds: [kind]))
        return OutcomeSeries(kind: kind, outcomes: outcomes)
    }
}
