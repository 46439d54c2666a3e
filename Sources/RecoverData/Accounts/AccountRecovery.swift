import Cryptography
import Foundation

/// Account recovery (docs/account-recovery.md, OWASP ASVS V6): reset links by e-mail, the notice after a
/// password change, and staff deactivation. Each use case is one write transaction on the study database that
/// also queues its message in the outbox, so a message exists exactly when its cause does.
///
/// A reset token is 256 bits from the CSPRNG, sent once and stored only as its SHA-256; it is single use,
/// valid for ``tokenLifetime``, and using one ends every session of the account and every other open token.
///
/// ```swift
/// let recovery = AccountRecovery(database: storage)
/// let sent = try recovery.requestReset(email: typed, language: "en", linkBase: "https://study.example", at: now)
/// ```
public struct AccountRecovery: Sendable {
    /// The study database (accounts, `password_reset`, the outbox).
    public let database: StudyStorage

    /// How long a reset link works.
    public static let tokenLifetime: TimeInterval = 3600

    /// The recovery use cases on `database`.
    public init(database: StudyStorage) { self.database = database }

    /// Where a reset token stands.
    public enum TokenState: Sendable, Equatable {
        /// It may be used to set a new password for the account.
        case valid(Account)
        /// No such token (mistyped, or from another server).
        case unknown
        /// It was used, or a later reset or a deactivation closed it.
        case used
        /// Its hour is over.
        case expired
    }

    /// Queues a reset link for the account with `email`, when there is one that may sign in; returns whether
    /// a message was queued. The caller answers alike either way (no account enumeration).
    ///
    /// `requestedBy` names the staff account that sent it from the console (nil: the person themselves), and is
    /// the audit actor. `linkBase` is the server's address without a trailing slash.
    @discardableResult
    public func requestReset(
        email: String, language: String, linkBase: String, requestedBy: String? = nil, at now: Date
    ) throws -> Bool {
        try database.write { db in
            guard let account = try AccountStore.account(email: email, in: db) else { return false }
            return try Self.queueReset(
                for: account, language: language, linkBase: linkBase, requestedBy: requestedBy, at: now, in: db)
        }
    }

    /// Queues a reset link for the account `accountID` (an admin in the console); false when it cannot sign
    /// in (deactivated) or does not exist.
    @discardableResult
    public func requestReset(
        accountID: String, language: String, linkBase: String, requestedBy: String, at now: Date
    ) throws -> Bool {
        try database.write { db in
            guard let account = try AccountStore.account(id: accountID, in: db) else { return false }
            return try Self.queueReset(
                for: account, language: language, linkBase: linkBase, requestedBy: requestedBy, at: now, in: db)
        }
    }

    /// Where the token `token` stands at `now`.
    public func state(ofToken token: String, at now: Date) throws -> TokenState {
        try database.read { db in try Self.state(ofToken: token, at: now, in: db) }
    }

    /// Sets the new password of the token's account: the token is used up with every other open one of the
    /// account, every session ends, and a notice goes to the address; all in one transaction. Throws
    /// ``AccountRecoveryError`` when the token is not ``TokenState/valid(_:)`` (then nothing changes).
    @discardableResult
    public func completeReset(
        token: String, passwordHash: String, language: String, linkBase: String?, at now: Date
    ) throws -> Account {
        try database.write { db in
            let account: Account
            switch try Self.state(ofToken: token, at: now, in: db) {
            case .valid(let found): account = found
            case .unknown: throw AccountRecoveryError.unknownToken
            case .used: throw AccountRecoveryError.usedToken
            case .expired: throw AccountRecoveryError.expiredToken
            }
            db.auditActor = "account:\(account.id)"
            try Self.closeTokens(accountID: account.id, at: now, in: db)
            try AccountStore.updatePassword(accountID: account.id, passwordHash: passwordHash, in: db)
            _ = try AccountStore.deleteSessions(accountID: account.id, in: db)
            let notice = Self.noticeRequest(
                to: account, language: language, linkBase: linkBase, cause: Crypto.sha256Hex(token))
            try MessageOutbox.enqueue(notice, at: now, in: db)
            return account
        }
    }

    /// Deactivates (true) or reactivates (false) the staff account `accountID`, by the admin `adminID`: a
    /// deactivated account cannot sign in, its sessions end and its open reset links close, in one audited
    /// write. Throws ``AccountRecoveryError/notStaff``, `.ownAccount` or `.lastAdmin`.
    public func setDeactivated(_ deactivated: Bool, accountID: String, by adminID: String, at now: Date) throws {
        try database.write { db in
            guard let account = try AccountStore.account(id: accountID, in: db) else {
                throw AccountStoreError.accountNotFound
            }
            guard account.role.isStaff else { throw AccountRecoveryError.notStaff }
            guard accountID != adminID else { throw AccountRecoveryError.ownAccount }
            guard account.isDeactivated != deactivated else { return }
            if deactivated, account.role == .admin {
                let others = try db.queryOne(
                    "SELECT count(*) AS n FROM account WHERE role = 'admin' AND deactivated_at IS NULL AND id <> ?",
                    [accountID])
                guard try (others?.int("n") ?? 0) > 0 else { throw AccountRecoveryError.lastAdmin }
            }
            db.auditActor = "account:\(adminID)"
            try AccountStore.setDeactivated(accountID: accountID, at: deactivated ? now : nil, in: db)
            if deactivated { try Self.closeTokens(accountID: accountID, at: now, in: db) }
        }
    }

    // MARK: On a connection

    /// Queues a reset link for `account` inside the caller's write; false for a deactivated account.
    static func queueReset(
        for account: Account, language: String, linkBase: String, requestedBy: String?, at now: Date,
        in db: StoreConnection
    ) throws -> Bool {
        guard !account.isDeactivated else { return false }
        let token = Crypto.randomToken(bytes: 32)
        let tokenHash = Crypto.sha256Hex(token)
        db.auditActor = "account:\(requestedBy ?? account.id)"
        try AuditTrail.recordChange(of: resetRow(tokenHash), participantID: participantID(account), in: db) {
            try db.execute(
                """
                INSERT INTO password_reset (token_hash, account_id, requested_by, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?)
                """,
                [tokenHash, account.id, requestedBy, now, now.addingTimeInterval(tokenLifetime)])
        }
        let request = MessageRequest(
            kind: .passwordReset, recipient: account.email, language: account.language ?? language,
            parameters: [
                "link": "\(linkBase)/reset-password#\(token)", "code": token,
                "minutes": String(Int(tokenLifetime / 60)),
            ],
            dedupeKey: "password-reset:\(tokenHash)")
        try MessageOutbox.enqueue(request, at: now, in: db)
        return true
    }

    /// The notice that the password of `account` changed (`cause` names the change, for the dedupe key): where
    /// to sign in, and where to reset the password when the change was not theirs.
    public static func noticeRequest(to account: Account, language: String, linkBase: String?, cause: String)
        -> MessageRequest
    {
        let links =
            linkBase.map { ["signInLink": "\($0)/sign-in", "forgotLink": "\($0)/forgot-password"] } ?? [:]
        return MessageRequest(
            kind: .resetNotice, recipient: account.email, language: account.language ?? language,
            parameters: links, dedupeKey: "reset-notice:\(cause)")
    }

    static func state(ofToken token: String, at now: Date, in db: StoreConnection) throws -> TokenState {
        // A token is 43 base64url characters; anything else cannot be one, and is not looked up.
        guard token.utf8.count == 43, token.utf8.allSatisfy(Self.isBase64URL) else { return .unknown }
        guard
            let row = try db.queryOne(
                "SELECT account_id, expires_at, used_at FROM password_reset WHERE token_hash = ?",
                [Crypto.sha256Hex(token)])
        else { return .unknown }
        if try row["used_at"] as Date? != nil { return .used }
        if try row.date("expires_at") <= now { return .expired }
        guard let account = try AccountStore.account(id: try row.string("account_id"), in: db) else {
            return .unknown
        }
        return account.isDeactivated ? .used : .valid(account)
    }

    /// Marks every open token of the account used.
    static func closeTokens(accountID: String, at now: Date, in db: StoreConnection) throws {
        let open = try db.query(
            "SELECT token_hash FROM password_reset WHERE account_id = ? AND used_at IS NULL", [accountID])
        for row in open {
            let tokenHash = try row.string("token_hash")
            try AuditTrail.recordChange(of: resetRow(tokenHash), participantID: nil, in: db) {
                try db.execute("UPDATE password_reset SET used_at = ? WHERE token_hash = ?", [now, tokenHash])
            }
        }
    }

    /// The reset row as the audit trail names it: by a prefix of its token's hash.
    static func resetRow(_ tokenHash: String) -> AuditedRow {
        AuditedRow(
            table: "password_reset", keyColumn: "token_hash", key: tokenHash,
            entityID: "reset-sha256:" + tokenHash.prefix(16))
    }

    private static func participantID(_ account: Account) -> String? {
        account.role == .participant ? account.id : nil
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}

/// Why a recovery use case was refused; nothing changed.
public enum AccountRecoveryError: Error, Sendable, Hashable {
    /// The reset token is not one this server issued.
    case unknownToken
    /// The reset token was used or closed.
    case usedToken
    /// The reset token's hour is over.
    case expiredToken
    /// Only staff accounts are deactivated (participants withdraw).
    case notStaff
    /// An admin cannot deactivate their own account.
    case ownAccount
    /// The last active admin cannot be deactivated.
    case lastAdmin
}
