import Foundation
import SQLite

/// The tamper-evident audit trail: an append-only, hash-chained log of every create, change and delete of
/// participant or study data, and of staff reads of participant data.
///
/// Entries are written in the same transaction as the change they record (the stores do this themselves),
/// attributed to the connection's ``DatabaseConnection/auditActor``. Set the actor at the start of the
/// write closure; every write request starts as `system`:
///
/// ```swift
/// try database.write { db in
///     db.auditActor = "account:\(staffID)"
///     try AccountStore.withdraw(accountID: participantID, at: Date(), in: db)   // appends one entry
/// }
/// let trail = AuditTrail(database: database)
/// try trail.recordRead(actor: "account:\(staffID)", of: AuditedRow(table: "account", key: participantID),
///                      participantID: participantID)
/// let log = try trail.entries(forParticipant: participantID, limit: 50)   // newest first
/// switch try trail.verify() { case .ok(let count): print("ok \(count) entries"); case .broken(let s, let why): ... }
/// ```
public struct AuditTrail: Sendable {
    /// The database whose trail this is.
    public let database: StudyStorage

    /// The same on an open SQLite database.
    public init(database: Database) {
        self.init(database: StudyStorage(database))
    }

    /// The trail of `database` (every Recover database has one).
    public init(database: StudyStorage) {
        self.database = database
    }

    /// Records that `actor` read a participant's record, in its own write transaction.
    @discardableResult
    public func recordRead(
        actor: String, of row: AuditedRow, participantID: String?, at date: Date = Date()
    ) throws -> AuditEntry {
        try database.write { db in
            try Self.recordRead(actor: actor, of: row, participantID: participantID, at: date, in: db)
        }
    }

    /// The entries about one record, newest first.
    public func entries(entityType: String? = nil, entityID: String, limit: Int = 100) throws -> [AuditEntry] {
        try database.read { db in try Self.entries(entityType: entityType, entityID: entityID, limit: limit, in: db) }
    }

    /// The entries about a participant's data (changes and reads), newest first; page with `beforeSequence`.
    public func entries(
        forParticipant participantID: String, actions: Set<AuditAction>? = nil, limit: Int = 100,
        beforeSequence: Int64? = nil
    ) throws -> [AuditEntry] {
        try database.read { db in
            try Self.entries(
                forParticipant: participantID, actions: actions, limit: limit, beforeSequence: beforeSequence, in: db)
        }
    }

    /// Entries in trail order after `sequence` (0 for the start), for paging through the whole trail.
    public func entries(afterSequence sequence: Int64 = 0, limit: Int = 100) throws -> [AuditEntry] {
        try database.read { db in try Self.entries(afterSequence: sequence, limit: limit, in: db) }
    }

    /// The number of entries.
    public func count() throws -> Int {
        try database.read { db in try Self.count(in: db) }
    }

    /// Recomputes the chain: ``AuditVerification/ok(count:)`` or the first broken entry.
    public func verify() throws -> AuditVerification {
        try database.read { db in try Self.verify(in: db) }
    }

    /// Calls `body` with every entry in trail order, one at a time (exports of any size).
    public func forEachEntry(_ body: (AuditEntry) throws -> Void) throws {
        try database.read { db in try Self.forEachEntry(in: db, body) }
    }
}
