import Foundation
import SQLite

/// The production ``AccountDirectory``: accounts, invitations, sessions and sign-in failures in the
/// Recover database (SQLite or PostgreSQL), through ``AccountStore``.
public struct StoredAccountDirectory: AccountDirectory {
    public let store: AccountStore
    /// The zone given to an account stored without one.
    public let fallbackTimeZone: String

    public init(database: StudyStorage, fallbackTimeZone: String = "UTC") {
        store = AccountStore(database: database)
        self.fallbackTimeZone = fallbackTimeZone
    }

    /// The same on an open SQLite database.
    public init(database: Database, fallbackTimeZone: String = "UTC") {
        self.init(database: StudyStorage(database), fallbackTimeZone: fallbackTimeZone)
    }

    public func account(id: String) throws -> Account? { try store.account(id: id).map(withFallbackZone) }

    public func account(email: String) throws -> Account? { try store.account(email: email).map(withFallbackZone) }

    public func addAccount(_ account: Account) throws {
        do {
            _ = try store.createAccount(account)
        } catch AccountStoreError.emailTaken {
            throw AccountDirectoryError.emailTaken
        }
    }

    public func updateAccount(_ account: Account) throws {
        try store.database.write { db in
            db.auditActor = "account:\(account.id)"
            try AccountStore.updateLanguage(accountID: account.id, language: account.language, in: db)
            try AccountStore.updateTimeZone(accountID: account.id, timeZone: account.timeZone, in: db)
            try AccountStore.updatePassword(accountID: account.id, passwordHash: account.passwordHash, in: db)
        }
    }

    public func changePassword(accountID: String, passwordHash: String, notice: MessageRequest, at date: Date) throws {
        try store.database.write { db in
            db.auditActor = "account:\(accountID)"
            try AccountStore.updatePassword(accountID: accountID, passwordHash: passwordHash, in: db)
            _ = try AccountStore.deleteSessions(accountID: accountID, in: db)
            try MessageOutbox.enqueue(notice, at: date, in: db)
        }
    }

    public func hasStaffAccount() throws -> Bool {
        try !store.accounts(role: .admin, limit: 1).isEmpty || !store.accounts(role: .researcher, limit: 1).isEmpty
    }

    public func addInvitation(code: String, createdBy: String?, at date: Date) throws {
        try addInvitation(code: code, createdBy: createdBy, at: date, expiresAt: nil)
    }

    public func addInvitation(code: String, createdBy: String?, at date: Date, expiresAt: Date?) throws {
        _ = try store.createInvitation(
            Invitation(code: code, createdBy: createdBy, createdAt: date, expiresAt: expiresAt))
    }

    public func invitationIsOpen(code: String) throws -> Bool {
        try store.invitation(code: code)?.status(at: Date()) == .open
    }

    public func invitationStatus(code: String, at date: Date) throws -> Invitation.Status? {
        try store.invitation(code: code)?.status(at: date)
    }

    public func redeemInvitation(code: String, account: Account, at date: Date) throws {
        do {
            _ = try store.redeemInvitation(code: code, newAccount: account, at: date)
        } catch let error as AccountStoreError {
            switch error {
            case .emailTaken: throw AccountDirectoryError.emailTaken
            case .invitationNotFound, .invitationUsed, .invitationRevoked, .invitationExpired:
                throw AccountDirectoryError.invitationUnavailable
            default: throw error
            }
        }
    }

    public func redeemInvitationEvenIfEmailTaken(code: String, account: Account, at date: Date) throws -> Bool {
        do {
            return try store.redeemInvitationEvenIfEmailTaken(code: code, newAccount: account, at: date) != nil
        } catch let error as AccountStoreError {
            switch error {
            case .invitationNotFound, .invitationUsed, .invitationRevoked, .invitationExpired:
                throw AccountDirectoryError.invitationUnavailable
            default: throw error
            }
        }
    }

    public func addSession(_ session: SessionRecord) throws { try store.createSession(session) }

    public func session(tokenHash: String) throws -> SessionRecord? { try store.session(tokenHash: tokenHash) }

    public func signedInSession(tokenHash: String) throws -> SignedInSession? {
        try store.database.read { db in
            guard let entry = try AccountStore.session(tokenHash: tokenHash, in: db),
                let account = try AccountStore.account(id: entry.accountID, in: db)
            else { return nil }
            return SignedInSession(account: withFallbackZone(account), entry: entry)
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

    public func reserveAttempt(_ attemptID: String, under rules: [ThrottleRule], at date: Date) throws
        -> ThrottleDecision
    {
        try store.reserveAttempt(attemptID, under: rules, at: date)
    }

    public func releaseAttempt(_ attemptID: String, clearing keys: [String]) throws {
        try store.releaseAttempt(attemptID, clearing: keys)
    }

    public func purgeExpired(now: Date, idleTimeout: TimeInterval, failuresBefore: Date) throws {
        _ = try store.deleteExpiredSessions(now: now, idleTimeout: idleTimeout)
        _ = try store.deleteSignInFailures(before: failuresBefore)
    }

    private func withFallbackZone(_ account: Account) -> Account {
        var account = account
        if account.timeZone == nil { account.timeZone = fallbackTimeZone }
        return account
    }
}
