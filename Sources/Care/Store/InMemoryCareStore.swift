import Foundation

/// A `CareStore` held in memory, for tests, previews and the command-line tool.
public actor InMemoryCareStore: CareStore {
    private var patients: [String: Patient] = [:]
    private var plans: [String: CarePlan] = [:]
    private var contactsByID: [String: Contact] = [:]
    private var histories: [String: CareTaskHistory] = [:]
    private var taskIDByVersion: [String: String] = [:]
    private var outcomesByID: [String: Outcome] = [:]
    private var liveOutcomeByKey: [OutcomeKey: String] = [:]
    private let clock: @Sendable () -> Date

    /// Creates an empty store; `clock` stamps update and delete dates.
    public init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
    }

    /// Adds a patient; `duplicateID` for a taken id, `unknownTimeZone` for a zone this system does not know.
    public func addPatient(_ patient: Patient) throws -> Patient {
        if patients[patient.id] != nil { throw CareStoreError.duplicateID(entity: "patient", id: patient.id) }
        try patient.checkTimeZone()
        patients[patient.id] = patient
        return patient
    }

    /// Replaces a patient's details; `unknownPatient` when there is none with its id.
    public func updatePatient(_ patient: Patient) throws -> Patient {
        guard patients[patient.id] != nil else { throw CareStoreError.unknownPatient(patient.id) }
        try patient.checkTimeZone()
        patients[patient.id] = patient
        return patient
    }

    /// The patient with `id`, if any.
    public func patient(id: String) -> Patient? { patients[id] }

    /// Adds a care plan; its patient, when it names one, must exist.
    public func addCarePlan(_ plan: CarePlan) throws -> CarePlan {
        if plans[plan.id] != nil { throw CareStoreError.duplicateID(entity: "care plan", id: plan.id) }
        if let patientID = plan.patientID, patients[patientID] == nil { throw CareStoreError.unknownPatient(patientID) }
        plans[plan.id] = plan
        return plan
    }

    /// The care plans of a patient (all when nil), by id.
    public func carePlans(patientID: String?) -> [CarePlan] {
        plans.values.filter { patientID == nil || $0.patientID == patientID }.sorted { $0.id < $1.id }
    }

    /// Adds a contact; its care plan, when it names one, must exist.
    public func addContact(_ contact: Contact) throws -> Contact {
        if contactsByID[contact.id] != nil { throw CareStoreError.duplicateID(entity: "contact", id: contact.id) }
        if let planID = contact.carePlanID, plans[planID] == nil { throw CareStoreError.unknownCarePlan(planID) }
        contactsByID[contact.id] = contact
        return contact
    }

    /// The contacts of a care plan (all when nil), by id.
    public func contacts(carePlanID: String?) -> [Contact] {
        contactsByID.values.filter { carePlanID == nil || $0.carePlanID == carePlanID }.sorted { $0.id < $1.id }
    }

    /// Adds the first version of a task; the task id and version id must be new and the schedule valid.
    public func addTask(_ task: CareTask) throws -> CareTask {
        if histories[task.id] != nil { throw CareStoreError.duplicateID(entity: "care task", id: task.id) }
        try checkNewVersion(task.versionID)
        _ = try CareTaskHistory.firstVersion(task)
        guard let history = CareTaskHistory(versions: [task]) else { throw CareStoreError.unknownTask(task.id) }
        histories[task.id] = history
        taskIDByVersion[task.versionID] = task.id
        return task
    }

    /// Appends a new version of a task, with the same checks as the database stores.
    public func updateTask(_ task: CareTask) throws -> CareTask {
        guard var history = histories[task.id] else { throw CareStoreError.unknownTask(task.id) }
        try checkNewVersion(task.versionID)
        let version = try history.appendUpdate(task).version
        histories[task.id] = history
        taskIDByVersion[task.versionID] = task.id
        return version
    }

    /// Appends a tombstone: the task has no events from `effectiveDate` on.
    public func deleteTask(id: String, effectiveFrom effectiveDate: LocalDateTime, versionID: String) throws -> CareTask
    {
        guard var history = histories[id] else { throw CareStoreError.unknownTask(id) }
        try checkNewVersion(versionID)
        let tombstone = try history.appendTombstone(effectiveFrom: effectiveDate, versionID: versionID).version
        histories[id] = history
        taskIDByVersion[versionID] = id
        return tombstone
    }

    /// The task versions a query selects.
    public func tasks(_ query: CareTaskQuery) -> [CareTask] {
        query.select(from: Array(histories.values))
    }

    /// Records an outcome for an existing event; the same id again returns the stored outcome unchanged.
    public func addOutcome(_ outcome: Outcome) throws -> Outcome {
        if let stored = outcomesByID[outcome.id] { return try stored.replaying(outcome) }
        guard let taskID = taskIDByVersion[outcome.taskVersionID], taskID == outcome.taskID,
            let history = histories[taskID]
        else { throw CareStoreError.unknownTaskVersion(outcome.taskVersionID) }
        let stored = try history.recording(outcome)
        if let existing = liveOutcomeByKey[outcome.key] {
            throw CareStoreError.outcomeAlreadyRecorded(
                taskID: taskID, occurrence: outcome.occurrenceIndex, existingOutcomeID: existing)
        }
        outcomesByID[stored.id] = stored
        liveOutcomeByKey[stored.key] = stored.id
        return stored
    }

    /// Replaces a live outcome's values, stamped with the store's clock.
    public func updateOutcome(id: String, values: [OutcomeValue]) throws -> Outcome {
        guard let outcome = outcomesByID[id] else { throw CareStoreError.unknownOutcome(id) }
        let updated = try outcome.updating(values: values, at: clock())
        outcomesByID[id] = updated
        return updated
    }

    /// Marks an outcome deleted, stamped with the store's clock; deleting twice returns the tombstone unchanged.
    public func deleteOutcome(id: String) throws -> Outcome {
        guard var outcome = outcomesByID[id] else { throw CareStoreError.unknownOutcome(id) }
        guard outcome.isLive else { return outcome }
        outcome.deletedDate = clock()
        outcomesByID[id] = outcome
        liveOutcomeByKey[outcome.key] = nil
        return outcome
    }

    /// The outcomes a query selects, deleted ones included when the query asks for them.
    public func outcomes(_ query: OutcomeQuery) -> [Outcome] {
        query.select(from: Array(outcomesByID.values))
    }

    /// The events a query selects, each with its live outcome.
    public func events(_ query: EventQuery) throws -> [CareEvent] {
        let candidates = query.taskIDs.map { $0.compactMap { histories[$0] } } ?? Array(histories.values)
        let planned = try query.plan(from: candidates)
        let outcomes = planned.compactMap { item in liveOutcomeByKey[item.key].flatMap { outcomesByID[$0] } }
        return EventQuery.attach(planned, outcomes: outcomes)
    }

    private func checkNewVersion(_ versionID: String) throws {
        if taskIDByVersion[versionID] != nil {
            throw CareStoreError.duplicateID(entity: "care task version", id: versionID)
        }
    }
}
