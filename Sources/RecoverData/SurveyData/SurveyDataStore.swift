import Foundation
import SQLite

/// Survey drafts and completed survey results, stored as opaque JSON.
///
/// Each method is one transaction; each also exists as a `static` function on a `DatabaseConnection` so a
/// caller can combine it with other stores' writes in one transaction. ``writeCompleted(_:with:)`` is that
/// composition for finishing a survey:
///
/// ```swift
/// let stored = try surveys.writeCompleted(result) { db in
///     try careStore.addOutcome(outcome, in: db)   // same transaction: all or nothing
/// }
/// ```
public struct SurveyDataStore: Sendable {
    /// The database the store reads and writes.
    public let database: StudyStorage

    /// The same on an open SQLite database.
    public init(database: Database) {
        self.init(database: StudyStorage(database))
    }

    /// A store over `database`, which must have been opened with ``schema``'s migrations.
    public init(database: StudyStorage) {
        self.database = database
    }

    // MARK: Drafts

    /// Saves the draft, replacing any earlier draft of the same event.
    public func saveDraft(_ draft: SurveyDraftRecord) throws {
        try database.write { db in try Self.saveDraft(draft, in: db) }
    }

    /// The draft of an event, if any.
    public func draft(patientID: String, taskID: String, occurrence: Int) throws -> SurveyDraftRecord? {
        try database.read { db in try Self.draft(patientID: patientID, taskID: taskID, occurrence: occurrence, in: db) }
    }

    /// Discards the draft of an event (cancel); no draft is not an error.
    public func deleteDraft(patientID: String, taskID: String, occurrence: Int) throws {
        try database.write { db in
            try Self.deleteDraft(patientID: patientID, taskID: taskID, occurrence: occurrence, in: db)
        }
    }

    // MARK: Results

    /// Stores a completed result; returns false (and changes nothing) if a result with its id exists.
    @discardableResult
    public func saveResult(_ result: SurveyResultRecord) throws -> Bool {
        try database.write { db in try Self.saveResult(result, in: db) }
    }

    /// In one transaction: stores the result, deletes the event's draft and runs `extraWrites` (for example
    /// the care store's outcome insert). If a result with the same id was already stored (a retried
    /// submission), `extraWrites` is not run again and false is returned. If anything throws, nothing is
    /// written.
    @discardableResult
    public func writeCompleted(
        _ result: SurveyResultRecord, with extraWrites: (StoreConnection) throws -> Void = { _ in }
    ) throws -> Bool {
        try database.write { db in try Self.writeCompleted(result, with: extraWrites, in: db) }
    }

    /// The result with this id.
    public func result(id: String) throws -> SurveyResultRecord? {
        try database.read { db in try Self.result(id: id, in: db) }
    }

    /// A patient's results, oldest completion first, optionally for one care task only.
    public func results(patientID: String, taskID: String? = nil) throws -> [SurveyResultRecord] {
        try database.read { db in try Self.results(patientID: patientID, taskID: taskID, in: db) }
    }

    /// Deletes one result; returns whether it existed.
    @discardableResult
    public func deleteResult(id: String) throws -> Bool {
        try database.write { db in try Self.deleteResult(id: id, in: db) }
    }
}
