/// Why a care-store operation was refused. The store is unchanged when one is thrown.
///
/// Messages name identifiers and indices only, never recorded values.
public enum CareStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A record of kind `entity` with this id already exists.
    case duplicateID(entity: String, id: String)
    /// No patient has this id.
    case unknownPatient(String)
    /// No care plan has this id.
    case unknownCarePlan(String)
    /// No task has this id.
    case unknownTask(String)
    /// No task version has this id, or it belongs to another task.
    case unknownTaskVersion(String)
    /// No outcome has this id.
    case unknownOutcome(String)
    /// The task was deleted; a deleted task takes no new versions.
    case taskDeleted(String)
    /// A new version must take effect no earlier than the task's latest version.
    case versionBeforePrevious(taskID: String)
    /// The task's schedule is invalid.
    case invalidSchedule(taskID: String, ScheduleError)
    /// The time-zone identifier is not known to this system.
    case unknownTimeZone(String)
    /// The task version has no event with this occurrence index (or the event lies outside the version).
    case occurrenceNotFound(taskVersionID: String, occurrence: Int)
    /// The event already has a live outcome with another id: delete it first, or update it.
    case outcomeAlreadyRecorded(taskID: String, occurrence: Int, existingOutcomeID: String)
    /// The outcome was deleted and can no longer change.
    case outcomeDeleted(String)

    /// One lowercase sentence naming the ids involved, for example `no care task with id 'knee-checkin'`.
    public var description: String {
        switch self {
        case .duplicateID(let entity, let id): "a \(entity) with id '\(id)' already exists"
        case .unknownPatient(let id): "no patient with id '\(id)'"
        case .unknownCarePlan(let id): "no care plan with id '\(id)'"
        case .unknownTask(let id): "no care task with id '\(id)'"
        case .unknownTaskVersion(let id): "no care task version with id '\(id)'"
        case .unknownOutcome(let id): "no outcome with id '\(id)'"
        case .taskDeleted(let id): "care task '\(id)' is deleted"
        case .versionBeforePrevious(let id):
            "a new version of care task '\(id)' must take effect no earlier than its latest version"
        case .invalidSchedule(let id, let error): "care task '\(id)' has an invalid schedule: \(error)"
        case .unknownTimeZone(let identifier): "unknown time zone '\(identifier)'"
        case .occurrenceNotFound(let version, let occurrence):
            "care task version '\(version)' has no event with occurrence index \(occurrence)"
        case .outcomeAlreadyRecorded(let task, let occurrence, let existing):
            "event \(occurrence) of care task '\(task)' already has outcome '\(existing)'"
        case .outcomeDeleted(let id): "outcome '\(id)' is deleted"
        }
    }
}
