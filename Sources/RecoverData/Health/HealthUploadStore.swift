import Foundation

/// Uploaded Health exports and their import's progress (`health_upload`), inside the caller's transaction.
/// Uploads are working records, like survey drafts: not audited; the import an upload becomes is.
///
/// An importer claims an upload with a fresh claim id; its progress and its end are recorded only while that
/// claim holds (`WHERE claim_id = ?`), so an importer whose claim was taken over (it stalled past the lease,
/// another instance started the upload over) changes nothing.
enum HealthUploadStore {
    /// How many claims an upload gets before a failure that is not the file's (the database, a crash) ends
    /// it as `internal`.
    static let maximumAttempts = 5

    static func add(_ upload: HealthUpload, in db: StoreConnection) throws {
        try db.execute(
            """
            INSERT INTO health_upload (id, participant_id, state, byte_count, progress, error_code, import_id,
                claim_id, attempts, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                upload.id, upload.participantID, upload.state.rawValue, upload.byteCount, upload.progress,
                upload.errorCode, upload.importID, upload.claimID, upload.attempts, upload.createdAt,
                upload.updatedAt,
            ])
    }

    /// Whether any upload waits.
    static func hasQueued(in db: StoreConnection) throws -> Bool {
        try db.queryOne("SELECT 1 AS found FROM health_upload WHERE state = 'queued' LIMIT 1") != nil
    }

    /// Whether any upload has been importing without progress since `stale`.
    static func hasStale(before stale: Date, in db: StoreConnection) throws -> Bool {
        try db.queryOne(
            "SELECT 1 AS found FROM health_upload WHERE state = 'importing' AND updated_at < ? LIMIT 1", [stale])
            != nil
    }

    /// The oldest queued upload, now importing under a fresh claim; nil when none waits.
    static func claimNext(at instant: Date, in db: StoreConnection) throws -> HealthUpload? {
        guard
            let row = try db.queryOne(
                "SELECT * FROM health_upload WHERE state = 'queued' ORDER BY created_at, id LIMIT 1")
        else { return nil }
        var upload = try decode(row)
        upload.state = .importing
        upload.progress = 0
        upload.claimID = UUID().uuidString.lowercased()
        upload.attempts = upload.attempts &+ 1
        upload.updatedAt = instant
        try db.execute(
            """
            UPDATE health_upload SET state = 'importing', progress = 0, claim_id = ?, attempts = ?, updated_at = ?
            WHERE id = ?
            """, [upload.claimID, upload.attempts, instant, upload.id])
        return upload
    }

    /// Whether `upload`'s claim still holds.
    static func holds(_ upload: HealthUpload, in db: StoreConnection) throws -> Bool {
        guard let claim = upload.claimID else { return false }
        return try db.queryOne(
            "SELECT 1 AS held FROM health_upload WHERE id = ? AND state = 'importing' AND claim_id = ?",
            [upload.id, claim]) != nil
    }

    static func setProgress(
        _ thousandths: Int, of upload: HealthUpload, at instant: Date, in db: StoreConnection
    ) throws {
        try db.execute(
            "UPDATE health_upload SET progress = ?, updated_at = ? WHERE id = ? AND state = 'importing' AND claim_id = ?",
            [min(max(thousandths, 0), 1000), instant, upload.id, upload.claimID ?? ""])
    }

    /// Ends a held upload: `done` with its import, or `failed` with a code.
    static func finish(
        _ upload: HealthUpload, importID: String?, errorCode: String?, at instant: Date, in db: StoreConnection
    ) throws {
        try db.execute(
            """
            UPDATE health_upload SET state = ?, progress = ?, import_id = ?, error_code = ?, claim_id = NULL,
                updated_at = ?
            WHERE id = ? AND state = 'importing' AND claim_id = ?
            """,
            [
                importID == nil ? "failed" : "done", importID == nil ? 0 : 1000, importID, errorCode, instant,
                upload.id, upload.claimID ?? "",
            ])
    }

    /// Gives a held upload back to the queue (a failure that is not the file's), or ends it as `internal`
    /// once it had ``maximumAttempts`` claims. Returns whether it waits again.
    static func release(_ upload: HealthUpload, at instant: Date, in db: StoreConnection) throws -> Bool {
        guard upload.attempts < maximumAttempts else {
            try finish(upload, importID: nil, errorCode: "internal", at: instant, in: db)
            return false
        }
        try db.execute(
            """
            UPDATE health_upload SET state = 'queued', progress = 0, claim_id = NULL, updated_at = ?
            WHERE id = ? AND state = 'importing' AND claim_id = ?
            """, [instant, upload.id, upload.claimID ?? ""])
        return true
    }

    /// Uploads importing without a sign of life (no progress) since `stale`: their importer stopped or died,
    /// so they wait again (or end as `internal` after ``maximumAttempts``). Returns how many.
    static func requeueStale(before stale: Date, at instant: Date, in db: StoreConnection) throws -> Int {
        let rows = try db.query(
            "SELECT * FROM health_upload WHERE state = 'importing' AND updated_at < ?", [stale])
        for row in rows { _ = try release(try decode(row), at: instant, in: db) }
        return rows.count
    }

    static func uploads(participantID: String, in db: StoreConnection) throws -> [HealthUpload] {
        try db.query(
            "SELECT * FROM health_upload WHERE participant_id = ? ORDER BY created_at, id", [participantID]
        ).map(decode)
    }

    static func upload(id: String, in db: StoreConnection) throws -> HealthUpload? {
        try db.queryOne("SELECT * FROM health_upload WHERE id = ?", [id]).map(decode)
    }

    static func decode(_ row: StoreRow) throws -> HealthUpload {
        guard let state = HealthUpload.State(rawValue: try row.string("state")) else {
            throw HealthStoreError(.unreadableRow, "a stored health upload has an unknown state")
        }
        return HealthUpload(
            id: try row.string("id"), participantID: try row.string("participant_id"), state: state,
            byteCount: try row.int("byte_count"), progress: try row.int("progress"), errorCode: try row["error_code"],
            importID: try row["import_id"], claimID: try row["claim_id"], attempts: try row.int("attempts"),
            createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }
}
