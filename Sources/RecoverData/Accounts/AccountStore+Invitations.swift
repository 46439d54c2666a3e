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

    /// Revokes an open invitation (revoking twice is harmless; a used one throws `.invitationUsed`).
    public func revokeInvitation(code: String, at date: Date = Date()) throws {
        try database.write { db in try Self.revokeInvitation(code: code, at: date, in: db) }
    }

    // MARK: On a connection

    /// Stores a new invitation inside the caller's transaction.
    @discardableResult
    public static func createInvitation(_ invitation: Invitation, in db: StoreConnection) throws -> Invitation {
        do {
            let row = invitationRow(invitation.code)
            try db.recoverable {
                try AuditTrail.recordChange(of: row, participantID: invitation.usedByAccountID, in: db) {
                    try db.execute(
                        """
                        INSERT INTO invitation (code, created_by, created_at, expires_at, used_at, used_by_account_id,
                        revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                        [
                            invitation.code, invitation.createdBy, invitation.createdAt, invitation.expiresAt,
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
        try db.queryOne("SELECT * FROM invitation WHERE code = ?", [code]).map(Invitation.init(row:))
    }

    /// Redeems an invitation inside the caller's transaction (which must be a write).
    @discardableResult
    public static func redeemInvitation(
        code: String, newAccount: Account, at now: Date, in db: StoreConnection
    ) throws -> Account {
        try checkOpen(code: code, at: now, in: db)
        let account = try createAccount(newAccount, in: db)
        try markUsed(code: code, by: account.id, at: now, in: db)
        return account
    }

    /// ``redeemInvitationEvenIfEmailTaken(code:newAccount:at:)`` inside the caller's write transaction.
    @discardableResult
    public static func redeemInvitationEvenIfEmailTaken(
        code: String, newAccount: Account, at now: Date, in db: StoreConnection
    ) throws -> Account? {
        try checkOpen(code: code, at: now, in: db)
        guard try account(email: newAccount.email, in: db) == nil else {
            try markUsed(code: code, by: nil, at: now, in: db)
            return nil
        }
        let account = try createAccount(newAccount, in: db)
        try markUsed(code: code, by: account.id, at: now, in: db)
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
    private static func markUsed(code: String, by accountID: String?, at now: Date, in db: StoreConnection) throws {
        // The `used_at IS NULL` guard keeps this correct even if a caller redeems outside a write transaction.
        let marked = try AuditTrail.recordChange(of: invitationRow(code), participantID: accountID, in: db) {
            try db.execute(
                "UPDATE invitation SET used_at = ?, used_by_account_id = ? WHERE code = ? AND used_at IS NULL",
                [now, accountID, code])
        }
        guard marked == 1 else { throw AccountStoreError.invitationUsed }
    }

    /// Revokes an invitation inside the caller's transaction.
    public static func revokeInvitation(code: String, at date: Date, in db: StoreConnection) throws {
        guard let invitation = try invitation(code: code, in: db) else { throw AccountStoreError.invitationNotFound }
        if invitation.usedAt != nil { throw AccountStoreError.invitationUsed }
        try AuditTrail.recordChange(of: invitationRow(code), participantID: nil, in: db) {
            try db.execute("UPDATE invitation SET revoked_at = coalesce(revoked_at, ?) WHERE code = ?", [date, code])
        }
    }

    /// The invitation row as the audit trail names it: by a hash of its code, since an open code lets anyone
    /// join and the trail is exported.
    static func invitationRow(_ code: String) -> AuditedRow {
        AuditedRow(table: "invitation", keyColumn: "code", key: code, entityID: invitationEntityID(code))
    }

    /// The audit entity id of an invitation: `code-sha256:` and the first 16 hex digits of the code's SHA-256.
    public static func invitationEntityID(_ code: String) -> String {
        "code-sha256:" + Crypto.sha256Hex(code).prefix(16)
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
