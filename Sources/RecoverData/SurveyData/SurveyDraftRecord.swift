import Foundation
import SQLite

/// An unfinished survey run, saved after each page so a reload or another device resumes it.
///
/// Keyed by the event it belongs to: patient, care task and occurrence index. The JSON is opaque here (the
/// survey engine's run state); its bytes come back exactly as stored.
public struct SurveyDraftRecord: Codable, Hashable, Sendable {
    /// The participant (their account id).
    public var patientID: String
    /// The care task whose event the survey completes.
    public var taskID: String
    /// The occurrence index of the event.
    public var occurrence: Int
    /// The serialised survey run.
    public var json: Data
    /// When it was last saved.
    public var updatedAt: Date

    /// The study version the draft was started under; nil for the shipped version.
    public var studyVersion: Int?

    /// A draft; the date is rounded to milliseconds.
    public init(
        patientID: String, taskID: String, occurrence: Int, json: Data, updatedAt: Date = Date(),
        studyVersion: Int? = nil
    ) {
        self.studyVersion = studyVersion
        self.patientID = patientID
        self.taskID = taskID
        self.occurrence = occurrence
        self.json = json
        self.updatedAt = DatabaseDate.rounded(updatedAt)
    }
}
