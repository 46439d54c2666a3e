import Foundation

/// The storage operations accounts, invitations, sessions and sign-in throttling need.
///
/// Implemented over the SQLite database in production and in memory for tests. Every method is
/// synchronous: handlers run on libmicrohttpd's worker threads (docs/web.md).
public protocol AccountDirectory: Sendable {
    func account(id: String) throws -> Account?
    func account(email: String) throws -> Account?
    /// Adds an account; throws ``AccountDirectoryError/emailTaken`` when the email exists.
    func addAccount(_ account: Account) throws
    func updateAccount(_ account: Account) throws
    /// Sets the account's password hash, ends every session of the account and queues `notice` (that the
    /// password changed, ``AccountRecovery/noticeRequest(to:language:linkBase:cause:)``), in one transaction.
    func changePassword(accountID: String, passwordHash: String, notice: MessageRequest, at date: Date) throws
    /// Whether any staff account exists (false on a fresh data folder).
    func hasStaffAccount() throws -> Bool

    func addInvitation(code: String, createdBy: String?, at date: Date) throws
    /// Adds an invitation that stops working at `expiresAt` (nil: never).
    func addInvitation(code: String, createdBy: String?, at date: Date, expiresAt: Date?) throws
    /// Whether `code` names an invitation not yet redeemed.
    func invitationIsOpen(code: String) throws -> Bool
    /// Where the invitation `code` stands at `date`; nil when there is none.
    func invitationStatus(code: String, at date: Date) throws -> Invitation.Status?
    /// Marks the invitation redeemed and adds the participant account in one transaction.
    func redeemInvitation(code: String, account: Account, at date: Date) throws
    /// Marks the invitation redeemed and, unless another account has its e-mail, adds the participant account,
    /// in one transaction; returns whether the account was added. The join page answers alike either way, so
    /// the invitation is used up either way: trying it again would tell. Throws
    /// ``AccountDirectoryError/invitationUnavailable`` (then nothing changes).
    func redeemInvitationEvenIfEmailTaken(code: String, account: Account, at date: Date) throws -> Bool

    func addSession(_ session: SessionRecord) throws
    func session(tokenHash: String) throws -> SessionRecord?
    /// The session with `tokenHash` and its account, read together (one read per signed-in request).
    func signedInSession(tokenHash: String) throws -> SignedInSession?
    func touchSession(tokenHash: String, at date: Date) throws
    func deleteSession(tokenHash: String) throws
    func deleteSessions(accountID: String) throws

    func recordSignInFailure(key: String, at date: Date) throws
    func signInFailureCount(key: String, since date: Date) throws -> Int
    func clearSignInFailures(key: String) throws
    /// Counts each rule's attempts since its window began (failures and reservations not yet released) and,
    /// when every rule lets one more through at `date`, records the attempt `attemptID` under each rule's key;
    /// otherwise records nothing and answers the longest wait. The count and the record are one write
    /// transaction, so parallel callers never get more attempts through than a rule allows (a backend counts
    /// under a lock that covers the keys, or serialises its writes).
    func reserveAttempt(_ attemptID: String, under rules: [ThrottleRule], at date: Date) throws -> ThrottleDecision
    /// Forgets the attempt `attemptID` under every key, and every attempt under `keys` (the attempt succeeded:
    /// its account's or device's backoff ends), in one transaction.
    func releaseAttempt(_ attemptID: String, clearing keys: [String]) throws
    /// Deletes sessions past their absolute expiry or idle longer than `idleTimeout`, and sign-in
    /// failures older than `failuresBefore` (housekeeping; nothing depends on it for correctness).
    func purgeExpired(now: Date, idleTimeout: TimeInterval, failuresBefore: Date) throws
}

/// Why an account operation was refused.
public enum AccountDirectoryError: Error, Sendable, Hashable {
    /// Another account has this email.
    case emailTaken
    /// The invitation does not exist or was already redeemed.
    case invitationUnavailable
}
