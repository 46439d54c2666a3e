import Foundation

/// One Apple Health export a participant uploaded: waiting for its import, being imported, imported or
/// refused. State, size and progress only: what it held is in the import it became
/// (``HealthImportRecord``), never here.
public struct HealthUpload: Hashable, Sendable {
    /// Where an upload is in its life.
    public enum State: String, Hashable, Sendable {
        /// Received and waiting for the importer.
        case queued
        /// Being read by an importer.
        case importing
        /// Imported: ``HealthUpload/importID`` names the stored import.
        case done
        /// Not imported: ``HealthUpload/errorCode`` says why (a ``HealthImportError`` code, or `internal`).
        case failed
    }

    /// The upload's id (also its file's name in the data folder while it waits).
    public var id: String
    /// The participant's account id.
    public var participantID: String
    /// Where it is in its life.
    public var state: State
    /// The size of the uploaded file in bytes.
    public var byteCount: Int
    /// How far the import has read the file, in thousandths (0 ... 1000).
    public var progress: Int
    /// Why it failed (`not-a-zip`, `compression-ratio-too-high`, `internal`).
    public var errorCode: String?
    /// The import it became, once done.
    public var importID: String?
    /// The importer that holds it while importing (a fresh id per claim): only that importer may record its
    /// progress or its end.
    public var claimID: String?
    /// How many times an importer claimed it.
    public var attempts: Int
    /// When it was received.
    public var createdAt: Date
    /// When its state or progress last changed.
    public var updatedAt: Date

    /// An upload from its fields.
    public init(
        id: String, participantID: String, state: State, byteCount: Int, progress: Int = 0,
        errorCode: String? = nil, importID: String? = nil, claimID: String? = nil, attempts: Int = 0,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.participantID = participantID
        self.state = state
        self.byteCount = byteCount
        self.progress = progress
        self.errorCode = errorCode
        self.importID = importID
        self.claimID = claimID
        self.attempts = attempts
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Whether it is still waiting for or in its import.
    public var isPending: Bool { state == .queued || state == .importing }
}
