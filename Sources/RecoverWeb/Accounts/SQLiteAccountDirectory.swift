import CareSQLite
import Foundation

/// The production ``AccountDirectory``: accounts, invitations, sessions and sign-in failures in the
/// Recover database, through CareSQLite's `AccountStore`.
public struct SQLiteAccountDirectory: AccountDirectory {
    public let store: AccountStore
    /// The zone given to an account stored without one.
    public let fallbackTimeZone: String

    public init(database: Database, fallbackTimeZone: String = "UTC") {
        store = AccountStore(database: database)
        self.fallbackTimeZone = fallbackTimeZone
    }

    public func account(id: String) throws -> UserAccount? { try store.account(id: id).map(userAccount) }

    public func account(email: String) throws -> UserAccount? { try store.account(email: email).map(userAccount) }

    public func addAccount(_ account: UserAccount) throws {
        do {
            _ = try store.createAccount(record(account))
        } catch AccountStoreError.emailTaken {
            throw AccountDirectoryError.emailTaken
        }
    }

    public func updateAccount(_ account: UserAccount) throws {
        try store.database.write { db in
            db.auditActor = "account:\(account.id)"
            try AccountStore.updateLanguage(accountID: account.id, language: account.language?.tag, in: db)
            try AccountStore.updateTimeZone(accountID: account.id, timeZone: account.timeZone, in: db)
            try AccountStore.updatePassword(accountID: account.id, passwordHash: account.passwordHash, in: db)
        }
    }

    public func hasStaffAccount() throws -> Bool {
        try !store.accounts(role: .admin, limit: 1).isEmpty || !store.accounts(role: .researcher, limit: 1).isEmpty
    }

    public func addInvitation(code: String, createdBy: String?, at date: Date) throws {
        _ = try store.createInvitation(Invitation(code: code, createdBy: createdBy, createdAt: date))
    }

    public func invitationIsOpen(code: String) throws -> Bool {
        try store.invitation(code: code)?.status(at: Date()) == .open
    }

    public func redeemInvitation(code: String, account: UserAccount, at date: Date) throws {
        do {
            _ = try store.redeemInvitation(code: code, newAccount: record(account), at: date)
        } catch let error as AccountStoreError {
            switch error {
            case .emailTaken: throw AccountDirectoryError.emailTaken
            case .invitationNotFound, .invitationUsed, .invitationRevoked, .invitationExpired:
                throw AccountDirectoryError.invitationUnavailable
            default: throw error
            }
        }
    }

    public func addSession(_ session: SessionEntry) throws {
        try store.createSession(
            SessionRecord(
                tokenHash: session.tokenHash, accountID: session.accountID, csrfToken: session.csrfToken,
                createdAt: session.createdAt, lastSeenAt: session.lastSeenAt, absoluteExpiry: session.absoluteExpiry))
    }

    public func session(tokenHash: String) throws -> SessionEntry? {
        try store.session(tokenHash: tokenHash).map { record in
            SessionEntry(
                tokenHash: record.tokenHash, accountID: record.accountID, csrfToken: record.csrfToken,
                createdAt: record.createdAt, lastSeenAt: record.lastSeenAt, absoluteExpiry: record.absoluteExpiry)
        }
    }

    public func touchSession(tokenHash: String, at date: Date) throws {
        _ = try store.touchSession(tokenHash: tokenHash, at: date)
    }

    public func deleteSession(tokenHash: String) throws { try store.deleteSession(tokenHash: tokenHash) }

    public func deleteSessions(accountID: String) throws { _ = try store.deleteSessions(accountID: accountID) }

    public func recordSignInFailure(key: String, at date: Date) throws {
        try store.recordSignInFailure(key: key, at: date)
    }

    public func signInFailureCount(key: String, since date: Date) throws -> Int {
        try store.signInFailures(key: key, since: date)
    }

    public func clearSignInFailures(key: String) throws { try store.clearSignInFailures(key: key) }

    public func purgeExpired(now: Date, idleTimeout: TimeInterval, failuresBefore: Date) throws {
        _ = try store.deleteExpiredSessions(now: now, idleTimeout: idleTimeout)
        _ = try store.deleteSignInFailures(before: failuresBefore)
    }

    private func userAccount(_ account: Account) -> UserAccount {
        let role: UserRole =
            switch account.role {
            case .participant: .participant
            case .admin: .admin
            case .researcher: .researcher
            }
        return UserAccount(
            id: account.id, email: account.email, passwordHash: account.passwordHash, role: role,
            language: account.language.flatMap(Language.init(rawValue:)),
            timeZone: account.timeZone ?? fallbackTimeZone,
            createdAt: account.createdAt, withdrawnAt: account.withdrawnAt)
    }

    private func record(_ account: UserAccount) -> Account {
        let role: AccountRole =
            switch account.role {
            case .participant: .participant
            case .admin: .admin
            case .researcher: .researcher
            }
        return Account(
            id: account.id, email: account.email, passwordHash: account.passwordHash, role: role,
            language: account.language?.tag, timeZone: account.timeZone, createdAt: account.createdAt,
            withdrawnAt: account.withdrawnAt)
    }
}
