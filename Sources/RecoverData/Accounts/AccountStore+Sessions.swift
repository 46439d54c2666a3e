import Foundation
import SQLite

extension AccountStore {
    /// Stores a new session; an unknown account throws ``AccountStoreError/accountNotFound``.
    public func createSession(_ session: SessionRecord) throws {
        try database.write { db in try Self.createSession(session, in: db) }
    }

    /// The session with this token hash, expired or not (the caller checks the timeouts).
    public func session(tokenHash: String) throws -> SessionRecord? {
        try database.read { db in try Self.session(tokenHash: tokenHash, in: db) }
    }

    /// Records a request on the session; false if the session no longer exists.
    @discardableResult
    public func touchSession(tokenHash: String, at date: Date = Date()) throws -> Bool {
        try database.write { db in try Self.touchSession(tokenHash: tokenHash, at: date, in: db) }
    }

    /// Ends one session (sign out).
    public func deleteSession(tokenHash: String) throws {
        try database.write { db in try Self.deleteSession(tokenHash: tokenHash, in: db) }
    }

    /// Ends every session of an account ("sign out everywhere"); returns how many ended.
    @discardableResult
    public func deleteSessions(accountID: String) throws -> Int {
        try database.write { db in try Self.deleteSessions(accountID: accountID, in: db) }
    }

    /// Deletes sessions past their absolute expiry, and, given an idle timeout, those idle that long.
    @discardableResult
    public func deleteExpiredSessions(now: Date = Date(), idleTimeout: TimeInterval? = nil) throws -> Int {
        try database.write { db in try Self.deleteExpiredSessions(now: now, idleTimeout: idleTimeout, in: db) }
    }

    // MARK: On a connection

    /// Stores a new session inside the caller's transaction.
    public static func createSession(_ session: SessionRecord, in db: StoreConnection) throws {
        do {
            try db.execute(
                """
                INSERT INTO session (token_hash, account_id, csrf_token, created_at, last_seen_at, absolute_expiry)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    session.tokenHash, session.accountID, session.csrfToken, session.createdAt, session.lastSeenAt,
                    session.absoluteExpiry,
                ])
        } catch  where StoreConnection.isForeignKeyViolation(error) {
            throw AccountStoreError.accountNotFound
        }
    }

    /// The session with this token hash, inside the caller's transaction.
    public static func session(tokenHash: String, in db: StoreConnection) throws -> SessionRecord? {
        try db.queryOne("SELECT * FROM session WHERE token_hash = ?", [tokenHash]).map(SessionRecord.init(row:))
    }

    /// Records a request on the session inside the caller's transaction.
    @discardableResult
    public static func touchSession(tokenHash: String, at date: Date, in db: StoreConnection) throws -> Bool {
        try db.execute("UPDATE session SET last_seen_at = ? WHERE token_hash = ?", [date, tokenHash]) == 1
    }

    /// Ends one session inside the caller's transaction.
    public static func deleteSession(tokenHash: String, in db: StoreConnection) throws {
        try db.execute("DELETE FROM session WHERE token_hash = ?", [tokenHash])
    }

    /// Ends every session of an account inside the caller's transaction.
    @discardableResult
    public static func deleteSessions(accountID: String, in db: StoreConnection) throws -> Int {
        try db.execute("DELETE FROM session WHERE account_id = ?", [accountID])
    }

    /// Deletes expired sessions inside the caller's transaction.
    @discardableResult
    public static func deleteExpiredSessions(
        now: Date, idleTimeout: TimeInterval? = nil, in db: StoreConnection
    ) throws -> Int {
        var deleted = try db.execute("DELETE FROM session WHERE absolute_expiry <= ?", [now])
        if let idleTimeout {
            deleted += try db.execute(
                "DELETE FROM session WHERE last_seen_at <= ?", [now.addingTimeInterval(-idleTimeout)])
        }
        return deleted
    }
}

extension SessionRecord {
    init(row: StoreRow) throws {
        self.init(
            tokenHash: try row.string("token_hash"), accountID: try row.string("account_id"),
            csrfToken: try row.string("csrf_token"), createdAt: try row.date("created_at"),
            lastSeenAt: try row.date("last_seen_at"), absoluteExpiry: try row.date("absolute_expiry"))
    }
}
