import Foundation
import HealthImport
import Research

/// Uploaded Health exports waiting for their import, and the participant's later answers for which types the
/// study may read.
extension StudyDatabase {
    /// Records an upload of `byteCount` bytes as waiting for its import. Throws ``HealthStoreError``
    /// (`.unknownParticipant`, `.withdrawn`) with nothing stored.
    @discardableResult
    public func queueHealthUpload(
        id: String, participantID: String, byteCount: Int, at instant: Date
    ) throws -> HealthUpload {
        try database.write { db in
            try Self.checkTakesPart(participantID, in: db)
            let upload = HealthUpload(
                id: id, participantID: participantID, state: .queued, byteCount: byteCount, createdAt: instant,
                updatedAt: instant)
            try HealthUploadStore.add(upload, in: db)
            return upload
        }
    }

    /// The oldest waiting upload, now importing under a fresh claim (of several importers asking at once, one
    /// gets it).
    public func claimHealthUpload(at instant: Date) throws -> HealthUpload? {
        // Asked every few seconds by every instance: a read finds the usual "nothing waits" without taking the
        // writer's turn (on PostgreSQL, the study's writer lock).
        guard try database.read({ db in try HealthUploadStore.hasQueued(in: db) }) else { return nil }
        return try database.write { db in try HealthUploadStore.claimNext(at: instant, in: db) }
    }

    /// How far the import of a claimed upload has read, in thousandths (nothing when the claim was lost).
    public func recordHealthUploadProgress(_ thousandths: Int, of upload: HealthUpload, at instant: Date) throws {
        try database.write { db in
            try HealthUploadStore.setProgress(thousandths, of: upload, at: instant, in: db)
        }
    }

    /// Stores the import of a claimed upload and marks the upload done, in ONE write transaction (so an
    /// upload is never done without its import, nor imported twice by two importers): the import as
    /// ``importHealth(_:for:by:at:id:)`` stores it, attributed to the participant. Throws
    /// ``HealthStoreError`` with nothing stored: `.claimLost` (another importer holds it now), and those of
    /// the import.
    @discardableResult
    public func storeHealthUpload(
        _ result: HealthImportResult, of upload: HealthUpload, at instant: Date, importID: String
    ) throws -> HealthImportRecord {
        try database.write { db in
            guard try HealthUploadStore.holds(upload, in: db) else {
                throw HealthStoreError(.claimLost, "upload '\(upload.id)' is no longer held by this importer")
            }
            let record = try Self.storeImport(
                result, for: upload.participantID, by: "account:\(upload.participantID)", at: instant, id: importID,
                in: db)
            try HealthUploadStore.finish(upload, importID: record.id, errorCode: nil, at: instant, in: db)
            return record
        }
    }

    /// Ends a claimed upload that cannot be imported (`errorCode`: the importer's or the store's code).
    public func failHealthUpload(_ upload: HealthUpload, errorCode: String, at instant: Date) throws {
        try database.write { db in
            try HealthUploadStore.finish(upload, importID: nil, errorCode: errorCode, at: instant, in: db)
        }
    }

    /// Gives a claimed upload back to the queue after a failure that is not the file's (the database was out
    /// of reach), or ends it as `internal` after ``HealthUploadStore/maximumAttempts`` claims. Returns whether
    /// it waits again (its file must then be kept).
    @discardableResult
    public func releaseHealthUpload(_ upload: HealthUpload, at instant: Date) throws -> Bool {
        try database.write { db in try HealthUploadStore.release(upload, at: instant, in: db) }
    }

    /// Uploads importing with no progress recorded since `stale` wait again (their importer stopped or died;
    /// an import replaces figures, never adds to them, so starting over is safe); returns how many.
    @discardableResult
    public func requeueStaleHealthUploads(before stale: Date, at instant: Date) throws -> Int {
        guard try database.read({ db in try HealthUploadStore.hasStale(before: stale, in: db) }) else { return 0 }
        return try database.write { db in try HealthUploadStore.requeueStale(before: stale, at: instant, in: db) }
    }

    /// The participant's uploads, oldest first.
    public func healthUploads(participantID: String) throws -> [HealthUpload] {
        try database.read { db in try HealthUploadStore.uploads(participantID: participantID, in: db) }
    }

    /// One upload by id.
    public func healthUpload(id: String) throws -> HealthUpload? {
        try database.read { db in try HealthUploadStore.upload(id: id, in: db) }
    }

    /// The importer of the participant's export: the types they grant now, from their enrolment on, by the
    /// days of their time zone. Throws ``HealthStoreError`` (`.unknownParticipant`, `.withdrawn`).
    public func healthImporter(participantID: String) throws -> HealthImporter {
        try database.read { db in
            try Self.checkTakesPart(participantID, in: db)
            guard let account = try AccountStore.account(id: participantID, in: db) else {
                throw HealthStoreError(.unknownParticipant, "no participant with id '\(participantID)'")
            }
            return HealthImporter(
                configuration: HealthImportConfiguration(
                    grantedTypes: try HealthGrants.granted(participantID: participantID, in: db),
                    start: account.createdAt, timeZoneIdentifier: account.zoneIdentifier))
        }
    }

    /// The participant's read permissions now: the types their onboarding asked about, each with its latest
    /// answer (the onboarding's, or a later change).
    public func healthGrants(participantID: String) throws -> [HealthGrant] {
        try database.read { db in try HealthGrants.current(participantID: participantID, in: db) }
    }

    /// Changes the participant's answer for reading `type`, as `actor`, in one write transaction; when
    /// `deletingData` (and the type is no longer granted) its stored figures and samples go too. Returns the
    /// daily rows deleted. Throws ``HealthStoreError`` with nothing changed: `.unknownParticipant`,
    /// `.withdrawn`, `.notAsked` (their onboarding did not ask about `type`).
    @discardableResult
    public func changeHealthGrant(
        _ type: HealthDataType, granted: Bool, deletingData: Bool, participantID: String, by actor: String,
        at instant: Date
    ) throws -> Int {
        try database.write { db in
            db.auditActor = actor
            try Self.checkTakesPart(participantID, in: db)
            guard try HealthGrants.current(participantID: participantID, in: db).contains(where: { $0.type == type })
            else { throw HealthStoreError(.notAsked, "the study did not ask this participant about '\(type)'") }
            try HealthGrantStore.set(type, granted: granted, participantID: participantID, at: instant, in: db)
            guard deletingData, !granted else { return 0 }
            return try HealthGrants.healthTypes(of: type).reduce(0) { deleted, healthType in
                deleted + (try HealthStore.delete(healthType, participantID: participantID, in: db))
            }
        }
    }

    /// Throws unless `participantID` names a participant who has not withdrawn.
    static func checkTakesPart(_ participantID: String, in db: StoreConnection) throws {
        guard let account = try AccountStore.account(id: participantID, in: db), account.role == .participant
        else { throw HealthStoreError(.unknownParticipant, "no participant with id '\(participantID)'") }
        guard !account.isWithdrawn else {
            throw HealthStoreError(.withdrawn, "participant '\(participantID)' has withdrawn")
        }
    }
}
