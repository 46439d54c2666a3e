import Foundation

/// Uploaded Health exports and their import's progress (`health_upload`), inside the caller's transaction.
/// Uploads are working records, like survey drafts: not audited; the import an upload becomes is.
enum HealthUploadStore {
    static func add(_ upload: HealthUpload, in db: StoreConnection) throws {
        try db.execute(
            """
            INSERT INTO health_upload (id, participant_id, state, byte_count, progress, error_code, import_id,
                created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                upload.id, upload.participantID, upload.state.rawValue, upload.byteCount, upload.progress,
                upload.errorCode, upload.importID, upload.createdAt, upload.updatedAt,
            ])
    }

    /// The oldest queued upload, now marked as importing; nil when none waits.
    static func claimNext(at instant: Date, in db: StoreConnection) throws -> HealthUpload? {
        guard
            let row = try db.queryOne(
                "SELECT * FROM health_upload WHERE state = 'queued' ORDER BY created_at, id LIMIT 1")
        else { return nil }
        var upload = try decode(row)
        try db.execute(
            "UPDATE health_upload SET state = 'importing', progress = 0, updated_at = ? WHERE id = ?",
            [instant, upload.id])
        upload.state = .importing
        upload.progress = 0
        upload.updatedAt = instant
        return upload
    }

    static func setProgress(_ thousandths: Int, of id: String, at instant: Date, in db: StoreConnection) throws {
        try db.execute(
            "UPDATE health_upload SET progress = ?, updated_at = ? WHERE id = ? AND state = 'importing'",
            [min(max(thousandths, 0), 1000), instant, id])
    }

    static func finish(
        _ id: String, state: HealthUpload.State, importID: String?, errorCode: String?, at instant: Date,
        in db: StoreConnection
    ) throws {
        try db.execute(
            """
            UPDATE health_upload SET state = ?, progress = ?, import_id = ?, error_code = ?, updated_at = ?
            WHERE id = ?
            """, [state.rawValue, state == .done ? 1000 : 0, importID, errorCode, instant, id])
    }

    /// Every upload left importing (by a server that stopped or died meanwhile) waits again; returns them.
    static func requeueInterrupted(at instant: Date, in db: StoreConnection) throws -> Int {
        let count =
            try db.queryOne(
                "SELECT count(*) AS pending FROM health_upload WHERE state = 'importing'")?.int("pending") ?? 0
        try db.execute(
            "UPDATE health_upload SET state = 'queued', progress = 0, updated_at = ? WHERE state = 'importing'",
            [instant])
        return count
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
            importID: try row["import_id"], createdAt: try row.date("created_at"),
            updatedAt: try row.date("updated_at"))
    }
}
