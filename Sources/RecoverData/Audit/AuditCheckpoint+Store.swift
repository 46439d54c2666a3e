import Cryptography
import Foundation
import SQLite

extension AuditCheckpoint {
    /// Makes a checkpoint of the trail as it is now, signs it and stores it in `audit_checkpoint`, inside the
    /// caller's write transaction.
    @discardableResult
    public static func make(signingKey key: SigningKey, at date: Date = Date(), in db: StoreConnection) throws
        -> AuditCheckpoint
    {
        // Only a daily checkpoint can conflict (its day is unique); this one has none.
        guard let checkpoint = try make(signingKey: key, at: date, daily: nil, in: db) else {
            throw StoreMisuse("a checkpoint without a day was not stored")
        }
        return checkpoint
    }

    /// ``make(signingKey:at:in:)`` in its own write transaction.
    @discardableResult
    public static func make(signingKey key: SigningKey, at date: Date = Date(), in database: StudyStorage) throws
        -> AuditCheckpoint
    {
        try database.write { db in try make(signingKey: key, at: date, in: db) }
    }

    /// The day's automatic checkpoint (the UTC day of `date`), or nil when one was made that day already, by
    /// this or another instance: at most one per day whoever runs it.
    @discardableResult
    public static func makeDaily(signingKey key: SigningKey, at date: Date = Date(), in database: StudyStorage)
        throws -> AuditCheckpoint?
    {
        let day = String(DatabaseDate.string(from: date).prefix(10))
        return try database.write { db in
            guard try db.queryOne("SELECT 1 AS found FROM audit_checkpoint WHERE daily = ?", [day]) == nil else {
                return nil
            }
            return try make(signingKey: key, at: date, daily: day, in: db)
        }
    }

    /// The newest stored checkpoint, inside the caller's transaction; nil before the first.
    public static func latest(in db: StoreConnection) throws -> AuditCheckpoint? {
        try db.queryOne("SELECT * FROM audit_checkpoint ORDER BY entries DESC, created_at DESC LIMIT 1")
            .map(AuditCheckpoint.init(row:))
    }

    /// The newest stored checkpoint; nil before the first.
    public static func latest(in database: StudyStorage) throws -> AuditCheckpoint? {
        try database.read { db in try latest(in: db) }
    }

    /// Every stored checkpoint, oldest first, one at a time, inside the caller's transaction.
    public static func forEach(in db: StoreConnection, _ body: (AuditCheckpoint) throws -> Void) throws {
        try db.forEachRow("SELECT * FROM audit_checkpoint ORDER BY entries, created_at") { row in
            try body(try AuditCheckpoint(row: row))
        }
    }

    private static func make(signingKey key: SigningKey, at date: Date, daily: String?, in db: StoreConnection)
        throws -> AuditCheckpoint?
    {
        let head = try db.queryOne("SELECT sequence, entry_hash FROM audit_entry ORDER BY sequence DESC LIMIT 1")
        let checkpoint = AuditCheckpoint(
            entries: try head?.int64("sequence") ?? 0,
            headHash: try head?.string("entry_hash") ?? AuditEntry.genesisHash,
            createdAt: date, signingKey: key)
        let inserted = try db.execute(
            """
            INSERT INTO audit_checkpoint (entries, head_hash, created_at, key_id, signature, daily)
            VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """,
            [
                checkpoint.entries, checkpoint.headHash, DatabaseDate.string(from: checkpoint.createdAt),
                checkpoint.keyID, checkpoint.signature, daily,
            ])
        return inserted == 1 ? checkpoint : nil
    }

    init(row: StoreRow) throws {
        guard let created = DatabaseDate.date(from: try row.string("created_at")) else {
            throw RowDecodingError(column: "created_at", expected: "Date", found: "TEXT")
        }
        self.init(
            entries: try row.int64("entries"), headHash: try row.string("head_hash"), createdAt: created,
            keyID: try row.string("key_id"), signature: try row.data("signature"))
    }
}
