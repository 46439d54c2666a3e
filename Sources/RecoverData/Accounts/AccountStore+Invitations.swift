import Cryptography
import Foundation
import SQLite

extension AccountStore {
    /// Stores a new invitation; an existing code throws ``AccountStoreError/invitationCodeTaken``.
    @discardableResult
    public func createInvitation(_ invitation: Invitation) throws -> Invitation {
        try database.write { db in try Self.createInvitation(invitation, in: db) }
    }

    /// Invitations, newest first.
    public func invitations(limit: Int = 100, offset: Int = 0) throws -> [Invitation] {
        try database.read { db in try Self.invitations(limit: limit, offset: offset, in: db) }
    }

    /// The invitation with this code.
    public func invitation(code: String) throws -> Invitation? {
        try database.read { db in try Self.invitation(code: code, in: db) }
    }

    /// Creates the account and marks the invitation used, in one transaction.
    ///
    /// Throws ``AccountStoreError/invitationNotFound``, `.invitationUsed`, `.invitationRevoked`,
    /// `.invitationExpired` (at `now`) or `.emailTaken`; then nothing changes. Of two concurrent redeems of
    /// one code exactly one succeeds.
    @discardableResult
    public func redeemInvitation(code: String, newAccount: Account, at now: Date = Date()) throws -> Account {
        try database.write { db in try Self.redeemInvitation(code: code, newAccount: newAccount, at: now, in: db) }
    }

    /// Like ``redeemInvitation(code:newAccount:at:)``, except that when another account has the e-mail the
    /// invitation is marked used all the same and no account is added (`nil`): the join page answers alike
    /// whether or not the address is registered, and a code still open afterwards would tell.
    @discardableResult
    public func redeemInvitationEvenIfEmailTaken(code: String, newAccount: Account, at now: Date = Date()) throws
        -> Account?
    {
        try database.write { db in
            try Self.redeemInvitationEvenIfEmailTaken(code: code, newAccount: newAccount, at: now, in: db)
        }
    }

    /// Revokes an open invitation by its code (revoking twice is harmless; a used one throws `.invitationUsed`).
    public func revokeInvitation(code: String, at date: Date = Date()) throws {
        try database.write { db in try Self.revokeInvitation(code: code, at: date, in: db) }
    }

    // MARK: On a connection

    /// Stores a new invitation inside the caller's transaction.
    @discardableResult
    public static func createInvitation(_ invitation: Invitation, in db: StoreConnection) throws -> Invitation {
        let stored = Invitation.storedCode(invitation.code)
        do {
            let row = invitationRow(stored: stored)
            try db.recoverable {
                try AuditTrail.recordChange(of: row, participantID: invitation.usedByAccountID, in: db) {
                    try db.execute(
                        """
                        INSERT INTO invitation (code, created_by, created_at, expires_at, used_at, used_by_account_id,
                        revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                        [
                            stored, invitation.createdBy, invitation.createdAt, invitation.expiresAt,
                            invitation.usedAt, invitation.usedByAccountID, invitation.revokedAt,
                        ])
                }
            }
        } catch  where StoreConnection.isUniqueViolation(error) {
            throw AccountStoreError.invitationCodeTaken
        }
        return invitation
    }

    /// Invitations, newest first, inside the caller's transaction.
    public static func invitations(limit: Int = 100, offset: Int = 0, in db: StoreConnection) throws -> [Invitation] {
        try db.query("SELECT * FROM invitation ORDER BY created_at DESC, code LIMIT ? OFFSET ?", [limit, offset])
            .map(Invitation.init(row:))
    }

    /// The invitation with this code, inside the caller's transaction.
    public static func invitation(code: String, in db: StoreConnection) throws -> Invitation? {
        try invitation(stored: Invitation.storedCode(code), in: db)
    }

    /// The invitation whose stored code is `stored` (the console names invitations so).
    public static func invitation(stored: String, in db: StoreConnection) throws -> Invitation? {
        try db.queryOne("SELECT * FROM invitation WHERE code = ?", [stored]).map(Invitation.init(row:))
    }

    /// Redeems an invitation inside the caller's transaction (which must be a write).
    @discardableResult
    public static func redeemInvitation(
        code: String, newAccount: Account, at now: Date, in db: StoreConnection
    ) throws -> Account {
        try checkOpen(code: code, at: now, in: db)
        let account = try createAccount(newAccount, in: db)
        try markUsed(stored: Invitation.storedCode(code), by: account.id, at: now, in: db)
        return account
    }

    /// ``redeemInvitationEvenIfEmailTaken(code:newAccount:at:)`` inside the caller's write transaction.
    @discardableResult
    public static func redeemInvitationEvenIfEmailTaken(
        code: String, newAccount: Account, at now: Date, in db: StoreConnection
    ) throws -> Account? {
        try checkOpen(code: code, at: now, in: db)
        let stored = Invitation.storedCode(code)
        guard try account(email: newAccount.email, in: db) == nil else {
            try markUsed(stored: stored, by: nil, at: now, in: db)
            return nil
        }
        let account = try createAccount(newAccount, in: db)
        try markUsed(stored: stored, by: account.id, at: now, in: db)
        return account
    }

    /// Throws unless the invitation exists and is open at `now`.
    private static func checkOpen(code: String, at now: Date, in db: StoreConnection) throws {
        guard let invitation = try invitation(code: code, in: db) else { throw AccountStoreError.invitationNotFound }
        switch invitation.status(at: now) {
        case .used: throw AccountStoreError.invitationUsed
        case .revoked: throw AccountStoreError.invitationRevoked
        case .expired: throw AccountStoreError.invitationExpired
        case .open: break
        }
    }

    /// Marks the invitation used by `accountID` (nil: by nobody, the e-mail had an account already).
    private static func markUsed(stored: String, by accountID: String?, at now: Date, in db: StoreConnection) throws {
        // The `used_at IS NULL` guard keeps this correct even if a caller redeems outside a write transaction.
        let marked = try AuditTrail.recordChange(of: invitationRow(stored: stored), participantID: accountID, in: db) {
            try db.execute(
                "UPDATE invitation SET used_at = ?, used_by_account_id = ? WHERE code = ? AND used_at IS NULL",
                [now, accountID, stored])
        }
        guard marked == 1 else { throw AccountStoreError.invitationUsed }
    }

    /// Revokes an invitation by its code inside the caller's transaction.
    public static func revokeInvitation(code: String, at date: Date, in db: StoreConnection) throws {
        try revokeInvitation(stored: Invitation.storedCode(code), at: date, in: db)
    }

    /// Revokes the invitation whose stored code is `stored` (the console's) inside the caller's transaction.
    public static func revokeInvitation(stored: String, at date: Date, in db: StoreConnection) throws {
        guard let invitation = try invitation(stored: stored, in: db) else {
            throw AccountStoreError.invitationNotFound
        }
        if invitation.usedAt != nil { throw AccountStoreError.invitationUsed }
        try AuditTrail.recordChange(of: invitationRow(stored: stored), participantID: nil, in: db) {
            try db.execute("UPDATE invitation SET revoked_at = coalesce(revoked_at, ?) WHERE code = ?", [date, stored])
        }
    }

    /// Replaces every code stored in clear (from before codes were hashed) by its stored form, in one write
    /// when there are any; run when a data folder opens. Audited as the old row's removal and the new one's
    /// creation under the same entity id.
    public static func hashPlainCodes(in storage: StudyStorage) throws {
        let plain = "SELECT code FROM invitation WHERE code NOT LIKE 'sha256:%'"
        guard try storage.read({ db in try db.queryOne(plain) }) != nil else { return }
        try storage.write { db in
            for row in try db.query(plain) {
                let code = try row.string("code")
                let stored = Invitation.storedCode(code)
                let old = AuditedRow(
                    table: "invitation", keyColumn: "code", key: code, entityID: invitationEntityID(stored: stored))
                try AuditTrail.recordChange(.delete, of: old, participantID: nil, in: db) {
                    try AuditTrail.recordChange(.create, of: invitationRow(stored: stored), participantID: nil, in: db)
                    {
                        try db.execute("UPDATE invitation SET code = ? WHERE code = ?", [stored, code])
                    }
                }
            }
        }
    }

    /// The invitation row as the audit trail names it: by a prefix of its code's hash, since an open code lets
    /// anyone join and the trail is exported.
    static func invitationRow(stored: String) -> AuditedRow {
        AuditedRow(table: "invitation", keyColumn: "code", key: stored, entityID: invitationEntityID(stored: stored))
    }

    /// The audit entity id of an invitation: `code-sha256:` and the first 16 hex digits of the code's SHA-256.
    public static func invitationEntityID(_ code: String) -> String {
        invitationEntityID(stored: Invitation.storedCode(code))
    }

    /// The audit entity id of the invitation whose stored code is `stored`.
    static func invitationEntityID(stored: String) -> String {
        "code-sha256:" + stored.dropFirst(Invitation.storedPrefix.count).prefix(16)
    }
}

extension Invitation {
    init(row: StoreRow) throws {
        self.init(
            code: try row.string("code"), createdBy: try row["created_by"], createdAt: try row.date("created_at"),
            expiresAt: try row["expires_at"], usedAt: try row["used_at"],
            usedByAccountID: try row["used_by_account_id"], revokedAt: try row["revoked_at"])
    }
}
