import Foundation
import SQLite

/// The production ``AccountDirectory``: accounts, invitations, sessions and sign-in failures in the
/// Recover database (SQLite or PostgreSQL), through ``AccountStore``.
public struct StoredAccountDirectory: AccountDirectory {
    /// The account store this directory reads and writes through.
    public let store: AccountStore
    /// The zone given to an account stored without one.
    public let fallbackTimeZone: String

    /// A directory over `database`, giving accounts stored without a time zone `fallbackTimeZone`.
    public init(database: StudyStorage, fallbackTimeZone: String = "UTC") {
        store = AccountStore(database: database)
        self.fallbackTimeZone = fallbackTimeZone
    }

    /// The same on an open SQLite database.
    public init(database: Database, fallbackTimeZone: String = "UTC") {
        self.init(database: StudyStorage(database), fallbackTimeZone: fallbackTimeZone)
    }

    /// The account with this id, read in one transaction, with the fallback zone when it has none.
    public func account(id: String) throws -> Account? { try store.account(id: id).map(withFallbackZone) }

    /// The account with this email address (compared after normalising), with the fallback zone when it has none.
    public func account(email: String) throws -> Account? { try store.account(email: email).map(withFallbackZone) }

    /// Creates the account in one write transaction; a used email address throws ``AccountDirectoryError/emailTaken``
    /// and an invalid one ``AccountStoreError/invalidEmail``.
    public func addAccount(_ account: Account) throws {
        do {
            _ = try store.createAccount(account)
        } catch AccountStoreError.emailTaken {
            throw AccountDirectoryError.emailTaken
        }
    }

    /// Writes the account's language, time zone and password hash in one write transaction, audited as the account
    /// itself; its other fields are not changed. An unknown id throws ``AccountStoreError/accountNotFound``.
    public func updateAccount(_ account: Account) throws {
        try store.database.write { db in
            db.auditActor = "account:\(account.id)"
            try AccountStore.updateLanguage(accountID: account.id, language: account.language, in: db)
            try AccountStore.updateTimeZone(accountID: account.id, timeZone: account.timeZone, in: db)
            try AccountStore.updatePassword(accountID: account.id, passwordHash: account.passwordHash, in: db)
        }
    }

    /// Sets the password hash, deletes the account's sessions and queues `notice` in the message outbox, in one write
    /// transaction audited as the account; an unknown id throws ``AccountStoreError/accountNotFound``.
    public func changePassword(accountID: String, passwordHash: String, notice: MessageRequest, at date: Date) throws {
        try store.database.write { db in
            db.auditActor = "account:\(accountID)"
            try AccountStore.updatePassword(accountID: accountID, passwordHash: passwordHash, in: db)
            _ = try AccountStore.deleteSessions(accountID: accountID, in: db)
            try MessageOutbox.enqueue(notice, at: date, in: db)
        }
    }

    /// Whether an admin or a researcher account exists, in at most two reads of one account each.
    public func hasStaffAccount() throws -> Bool {
        try !store.accounts(role: .admin, limit: 1).isEmpty || !store.accounts(role: .researcher, limit: 1).isEmpty
    }

    /// Adds an invitation that never expires (``addInvitation(code:createdBy:at:expiresAt:)`` with nil).
    public func addInvitation(code: String, createdBy: String?, at date: Date) throws {
        try addInvitation(code: code, createdBy: createdBy, at: date, expiresAt: nil)
    }

    /// Stores the invitation in one write transaction; a code already stored throws
    /// ``AccountStoreError/invitationCodeTaken``.
    public func addInvitation(code: String, createdBy: String?, at date: Date, expiresAt: Date?) throws {
        _ = try store.createInvitation(
            Invitation(code: code, createdBy: createdBy, createdAt: date, expiresAt: expiresAt))
    }

    /// Whether the invitation `code` is open now: it exists and is not used, revoked or expired at the current time.
    public func invitationIsOpen(code: String) throws -> Bool {
        try store.invitation(code: code)?.status(at: Date()) == .open
    }

    /// The invitation's status at `date`: used, else revoked, else expired, else open; nil when there is none.
    public func invitationStatus(code: String, at date: Date) throws -> Invitation.Status? {
        try store.invitation(code: code)?.status(at: date)
    }

    /// Creates the account and marks the invitation used in one write transaction; throws
    /// ``AccountDirectoryError/emailTaken``, or ``AccountDirectoryError/invitationUnavailable`` when the invitation
    /// is missing, used, revoked or expired at `date` (then nothing changes).
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

    /// Marks the invitation used and, unless the email is taken, creates the account, in one write transaction;
    /// returns whether the account was created. A missing, used, revoked or expired invitation throws
    /// ``AccountDirectoryError/invitationUnavailable``.
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

    /// Stores the session in one write transaction; an unknown account throws ``AccountStoreError/accountNotFound``.
    public func addSession(_ session: SessionRecord) throws { try store.createSession(session) }

    /// The session with this token hash, expired or not (the caller checks the timeouts).
    public func session(tokenHash: String) throws -> SessionRecord? { try store.session(tokenHash: tokenHash) }

    /// The session with `tokenHash` and its account (with the fallback zone), read in one transaction; nil when
    /// either is missing.
    public func signedInSession(tokenHash: String) throws -> SignedInSession? {
        try store.database.read { db in
            guard let entry = try AccountStore.session(tokenHash: tokenHash, in: db),
                let account = try AccountStore.account(id: entry.accountID, in: db)
            else { return nil }
            return SignedInSession(account: withFallbackZone(account), entry: entry)
        }
    }

    /// Sets the session's last-seen time to `date` in one write transaction; an unknown token hash changes nothing.
    public func touchSession(tokenHash: String, at date: Date) throws {
        _ = try store.touchSession(tokenHash: tokenHash, at: date)
    }

    /// Deletes the session with this token hash (sign out), in one write transaction.
    public func deleteSession(tokenHash: String) throws { try store.deleteSession(tokenHash: tokenHash) }

    /// Deletes every session of the account, in one write transaction.
    public func deleteSessions(accountID: String) throws { _ = try store.deleteSessions(accountID: accountID) }

    /// Records one failed sign-in under `key` at `date`, in one write transaction.
    public func recordSignInFailure(key: String, at date: Date) throws {
        try store.recordSignInFailure(key: key, at: date)
    }

    /// How many attempts `key` has at or after `date`: failures and reservations not yet released.
    public func signInFailureCount(key: String, since date: Date) throws -> Int {
        try store.signInFailures(key: key, since: date)
    }

    /// Deletes every attempt recorded under `key`, in one write transaction.
    public func clearSignInFailures(key: String) throws { try store.clearSignInFailures(key: key) }

    /// Counts and reserves in one write transaction (SQLite serialises writes, so the count cannot change between
    /// reading and recording); see ``AccountStore/reserveAttempt(_:under:at:)``.
    public func reserveAttempt(_ attemptID: String, under rules: [ThrottleRule], at date: Date) throws
        -> ThrottleDecision
    {
        try store.reserveAttempt(attemptID, under: rules, at: date)
    }

    /// Deletes the attempt `attemptID` and every attempt under `keys`, in one write transaction.
    public func releaseAttempt(_ attemptID: String, clearing keys: [String]) throws {
        try store.releaseAttempt(attemptID, clearing: keys)
    }

    /// Deletes sessions at or past their absolute expiry or last seen `idleTimeout` seconds or more before `now`, then
    /// sign-in attempts before `failuresBefore`, in two write transactions.
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
