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
    /// Whether any staff account exists (false on a fresh data folder).
    func hasStaffAccount() throws -> Bool

    func addInvitation(code: String, createdBy: String?, at date: Date) throws
    /// Whether `code` names an invitation not yet redeemed.
    func invitationIsOpen(code: String) throws -> Bool
    /// Marks the invitation redeemed and adds the participant account in one transaction.
    func redeemInvitation(code: String, account: Account, at date: Date) throws

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
