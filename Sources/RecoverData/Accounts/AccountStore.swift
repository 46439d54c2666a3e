import Foundation
import SQLite

/// Accounts, invitations, sessions and sign-in throttling records.
///
/// Each operation is one transaction. Every operation also exists as a `static` function taking the
/// `DatabaseConnection` of a `write` or `read` closure, so callers can combine several stores' changes in
/// one transaction (see docs/storage.md, "Composing writes"):
///
/// ```swift
/// let store = AccountStore(database: database)
/// let account = try store.redeemInvitation(code: code, newAccount: Account(
///     email: email, passwordHash: hash, role: .participant, timeZone: "Europe/Berlin"))
/// try database.write { db in
///     try AccountStore.withdraw(accountID: account.id, at: Date(), in: db)
///     try AccountStore.deleteSessions(accountID: account.id, in: db)
/// }
/// ```
public struct AccountStore: Sendable {
    /// The database the store reads and writes.
    public let database: StudyStorage

    /// The same on an open SQLite database.
    public init(database: Database) {
        self.init(database: StudyStorage(database))
    }

    /// A store over `database`, which must have been opened with ``schema``'s migrations.
    public init(database: StudyStorage) {
        self.database = database
    }

    // MARK: Accounts

    /// Creates an account; a used email address throws ``AccountStoreError/emailTaken``.
    @discardableResult
    public func createAccount(_ account: Account) throws -> Account {
        try database.write { db in try Self.createAccount(account, in: db) }
    }

    /// The account with this id.
    public func account(id: String) throws -> Account? {
        try database.read { db in try Self.account(id: id, in: db) }
    }

    /// The account with this email address (compared after normalising).
    public func account(email: String) throws -> Account? {
        try database.read { db in try Self.account(email: email, in: db) }
    }

    /// Accounts with a role, oldest first (staff listings, enrollment).
    public func accounts(role: AccountRole, limit: Int = 1000, offset: Int = 0) throws -> [Account] {
        try database.read { db in try Self.accounts(role: role, limit: limit, offset: offset, in: db) }
    }

    /// Sets the preferred language (nil to follow the browser).
    public func updateLanguage(accountID: String, language: String?) throws {
        try database.write { db in try Self.updateLanguage(accountID: accountID, language: language, in: db) }
    }

    /// Sets the time zone identifier.
    public func updateTimeZone(accountID: String, timeZone: String?) throws {
        try database.write { db in try Self.updateTimeZone(accountID: accountID, timeZone: timeZone, in: db) }
    }

    /// Replaces the password hash.
    public func updatePassword(accountID: String, passwordHash: String) throws {
        try database.write { db in try Self.updatePassword(accountID: accountID, passwordHash: passwordHash, in: db) }
    }

    /// Marks the participant withdrawn at `date` (the first withdrawal date is kept).
    public func withdraw(accountID: String, at date: Date = Date()) throws {
        try database.write { db in try Self.withdraw(accountID: accountID, at: date, in: db) }
    }

    // MARK: Accounts on a connection

    /// Creates an account inside the caller's transaction.
    @discardableResult
    public static func createAccount(_ account: Account, in db: StoreConnection) throws -> Account {
        guard account.email.contains("@"), account.email.count >= 3 else { throw AccountStoreError.invalidEmail }
        do {
            try db.recoverable {
                try AuditTrail.recordChange(of: auditedRow(account.id), participantID: account.id, in: db) {
                    try db.execute(
                        """
                        INSERT INTO account (id, email, password_hash, role, language, time_zone, created_at, withdrawn_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                        [
                            account.id, account.email, account.passwordHash, account.role.rawValue, account.language,
                            account.timeZone, account.createdAt, account.withdrawnAt,
                        ])
                }
            }
        } catch  where StoreConnection.isUniqueViolation(error) {
            let sameID = try db.queryOne("SELECT 1 AS found FROM account WHERE id = ?", [account.id]) != nil
            throw sameID ? error : AccountStoreError.emailTaken
        }
        return account
    }

    /// The account with this id, inside the caller's transaction.
    public static func account(id: String, in db: StoreConnection) throws -> Account? {
        try db.queryOne("SELECT * FROM account WHERE id = ?", [id]).map(Account.init(row:))
    }

    /// The account with this email address, inside the caller's transaction.
    public static func account(email: String, in db: StoreConnection) throws -> Account? {
        try db.queryOne("SELECT * FROM account WHERE email = ?", [Account.normalizedEmail(email)])
            .map(Account.init(row:))
    }

    /// Accounts with a role, oldest first, inside the caller's transaction.
    public static func accounts(
        role: AccountRole, limit: Int = 1000, offset: Int = 0, in db: StoreConnection
    ) throws -> [Account] {
        try db.query(
            "SELECT * FROM account WHERE role = ? ORDER BY created_at, id LIMIT ? OFFSET ?",
            [role.rawValue, limit, offset]
        ).map(Account.init(row:))
    }

    /// Sets the preferred language inside the caller's transaction.
    public static func updateLanguage(accountID: String, language: String?, in db: StoreConnection) throws {
        try updateAccount(accountID, "UPDATE account SET language = ? WHERE id = ?", [language, accountID], in: db)
    }

    /// Sets the time zone inside the caller's transaction.
    public static func updateTimeZone(accountID: String, timeZone: String?, in db: StoreConnection) throws {
        try updateAccount(accountID, "UPDATE account SET time_zone = ? WHERE id = ?", [timeZone, accountID], in: db)
    }

    /// Replaces the password hash inside the caller's transaction.
    public static func updatePassword(accountID: String, passwordHash: String, in db: StoreConnection) throws {
        try updateAccount(
            accountID, "UPDATE account SET password_hash = ? WHERE id = ?", [passwordHash, accountID], in: db)
    }

    /// Marks the participant withdrawn inside the caller's transaction.
    public static func withdraw(accountID: String, at date: Date, in db: StoreConnection) throws {
        try updateAccount(
            accountID, "UPDATE account SET withdrawn_at = coalesce(withdrawn_at, ?) WHERE id = ?", [date, accountID],
            in: db)
    }

    /// Deactivates (`at` a date) or reactivates (`at` nil) an account inside the caller's transaction, ending
    /// every session of a deactivated one in the same write.
    public static func setDeactivated(accountID: String, at date: Date?, in db: StoreConnection) throws {
        try updateAccount(accountID, "UPDATE account SET deactivated_at = ? WHERE id = ?", [date, accountID], in: db)
        if date != nil { _ = try deleteSessions(accountID: accountID, in: db) }
    }

    /// Runs one account update and records it in the audit trail (the account is the participant's record).
    private static func updateAccount(
        _ accountID: String, _ sql: String, _ arguments: [any StoreValue], in db: StoreConnection
    ) throws {
        let changed = try AuditTrail.recordChange(of: auditedRow(accountID), participantID: accountID, in: db) {
            try db.execute(sql, arguments)
        }
        guard changed == 1 else { throw AccountStoreError.accountNotFound }
    }

    /// The account row as the audit trail names it.
    static func auditedRow(_ accountID: String) -> AuditedRow {
        AuditedRow(table: "account", key: accountID)
    }
}

extension Account {
    init(row: StoreRow) throws {
        let role = try row.string("role")
        guard let accountRole = AccountRole(rawValue: role) else {
            throw RowDecodingError(column: "role", expected: "AccountRole", found: "TEXT")
        }
        self.init(
            id: try row.string("id"), email: try row.string("email"), passwordHash: try row.string("password_hash"),
            role: accountRole, language: try row["language"], timeZone: try row["time_zone"],
            createdAt: try row.date("created_at"), withdrawnAt: try row["withdrawn_at"],
            deactivatedAt: try row["deactivated_at"])
    }
}
