import Foundation
import Synchronization

/// An ``AccountDirectory`` kept in memory, for tests and benchmarks.
public final class InMemoryAccountDirectory: AccountDirectory {
    private struct State {
        var accounts: [String: Account] = [:]
        var invitations: [String: Bool] = [:]
        var sessions: [String: SessionRecord] = [:]
        /// Attempts by key: failures, and reservations (with their id) until they are released.
        var failures: [String: [Attempt]] = [:]
        /// What ``changePassword(accountID:passwordHash:notice:at:)`` queued (there is no outbox here).
        var notices: [MessageRequest] = []
    }

    private struct Attempt {
        var date: Date
        var id: String?
    }

    private let state = Mutex(State())

    /// An empty directory: no accounts, invitations, sessions or attempts.
    public init() {}

    /// The account with this id, read under the lock.
    public func account(id: String) throws -> Account? { state.withLock { $0.accounts[id] } }

    /// An account whose email equals `email` exactly (not normalised), read under the lock.
    public func account(email: String) throws -> Account? {
        state.withLock { $0.accounts.values.first { $0.email == email } }
    }

    /// Adds the account under the lock; throws ``AccountDirectoryError/emailTaken`` when an account has the same
    /// email (compared exactly).
    public func addAccount(_ account: Account) throws {
        try state.withLock { state in
            if state.accounts.values.contains(where: { $0.email == account.email }) {
                throw AccountDirectoryError.emailTaken
            }
            state.accounts[account.id] = account
        }
    }

    /// Replaces the whole account stored under its id (adding it when there is none), under the lock.
    public func updateAccount(_ account: Account) throws { state.withLock { $0.accounts[account.id] = account } }

    /// Sets the password hash, deletes the account's sessions and keeps `notice` in ``queuedNotices``, under one
    /// lock; an unknown account throws nothing (its sessions and the notice are handled all the same).
    public func changePassword(accountID: String, passwordHash: String, notice: MessageRequest, at date: Date) throws {
        state.withLock { state in
            state.accounts[accountID]?.passwordHash = passwordHash
            state.sessions = state.sessions.filter { $0.value.accountID != accountID }
            state.notices.append(notice)
        }
    }

    /// The password-change notices queued so far, oldest first.
    public var queuedNotices: [MessageRequest] { state.withLock { $0.notices } }

    /// Whether any account has a staff role, read under the lock.
    public func hasStaffAccount() throws -> Bool { state.withLock { $0.accounts.values.contains { $0.role.isStaff } } }

    /// Adds an open invitation under the lock (a used one with the same code is opened again); `createdBy` and
    /// `date` are not kept.
    public func addInvitation(code: String, createdBy: String?, at date: Date) throws {
        state.withLock { $0.invitations[code] = false }
    }

    /// The in-memory directory keeps no expiry.
    public func addInvitation(code: String, createdBy: String?, at date: Date, expiresAt: Date?) throws {
        try addInvitation(code: code, createdBy: createdBy, at: date)
    }

    /// Whether `code` names an invitation not yet redeemed, read under the lock.
    public func invitationIsOpen(code: String) throws -> Bool { state.withLock { $0.invitations[code] == false } }

    /// `.open` or `.used` (the in-memory directory keeps no expiry or revocation); nil when there is no invitation.
    public func invitationStatus(code: String, at date: Date) throws -> Invitation.Status? {
        state.withLock { state in state.invitations[code].map { $0 ? .used : .open } }
    }

    /// Marks the invitation redeemed and adds the account under one lock; throws
    /// ``AccountDirectoryError/invitationUnavailable`` or ``AccountDirectoryError/emailTaken`` (then nothing changes).
    public func redeemInvitation(code: String, account: Account, at date: Date) throws {
        try state.withLock { state in
            guard state.invitations[code] == false else { throw AccountDirectoryError.invitationUnavailable }
            if state.accounts.values.contains(where: { $0.email == account.email }) {
                throw AccountDirectoryError.emailTaken
            }
            state.invitations[code] = true
            state.accounts[account.id] = account
        }
    }

    /// Marks the invitation redeemed and, unless an account has the same email, adds the account, under one lock;
    /// returns whether it was added. Throws ``AccountDirectoryError/invitationUnavailable`` (then nothing changes).
    public func redeemInvitationEvenIfEmailTaken(code: String, account: Account, at date: Date) throws -> Bool {
        try state.withLock { state in
            guard state.invitations[code] == false else { throw AccountDirectoryError.invitationUnavailable }
            state.invitations[code] = true
            guard !state.accounts.values.contains(where: { $0.email == account.email }) else { return false }
            state.accounts[account.id] = account
            return true
        }
    }

    /// Stores the session under its token hash, under the lock, replacing one with the same hash; the account is not
    /// checked.
    public func addSession(_ session: SessionRecord) throws {
        state.withLock { $0.sessions[session.tokenHash] = session }
    }

    /// The session with this token hash, expired or not, read under the lock.
    public func session(tokenHash: String) throws -> SessionRecord? { state.withLock { $0.sessions[tokenHash] } }

    /// The session with `tokenHash` and its account, read under one lock; nil when either is missing.
    public func signedInSession(tokenHash: String) throws -> SignedInSession? {
        state.withLock { state in
            guard let entry = state.sessions[tokenHash], let account = state.accounts[entry.accountID] else {
                return nil
            }
            return SignedInSession(account: account, entry: entry)
        }
    }

    /// Sets the session's last-seen time to `date` under the lock; an unknown token hash changes nothing.
    public func touchSession(tokenHash: String, at date: Date) throws {
        state.withLock { $0.sessions[tokenHash]?.lastSeenAt = date }
    }

    /// Removes the session with this token hash under the lock.
    public func deleteSession(tokenHash: String) throws {
        state.withLock { _ = $0.sessions.removeValue(forKey: tokenHash) }
    }

    /// Removes every session of the account under the lock.
    public func deleteSessions(accountID: String) throws {
        state.withLock { state in state.sessions = state.sessions.filter { $0.value.accountID != accountID } }
    }

    /// Records one failed sign-in under `key` at `date`, under the lock.
    public func recordSignInFailure(key: String, at date: Date) throws {
        state.withLock { $0.failures[key, default: []].append(Attempt(date: date)) }
    }

    /// How many attempts under `key` (failures and reservations not yet released) are at or after `date`.
    public func signInFailureCount(key: String, since date: Date) throws -> Int {
        state.withLock { $0.failures[key, default: []].filter { $0.date >= date }.count }
    }

    /// Counts each rule's attempts in its window and, when every rule lets one more through, records the attempt
    /// under each rule's key, all under one lock, so parallel callers see each other's reservations.
    public func reserveAttempt(_ attemptID: String, under rules: [ThrottleRule], at date: Date) throws
        -> ThrottleDecision
    {
        // One lock around the count and the record: parallel callers see each other's reservations.
        state.withLock { state in
            let wait =
                rules.map { rule in
                    let since = date.addingTimeInterval(-rule.limits.window)
                    let counted = state.failures[rule.key, default: []].filter { $0.date >= since }
                    return rule.limits.wait(attempts: counted.count, latest: counted.map(\.date).max(), now: date)
                }.max() ?? 0
            guard wait == 0 else { return .wait(wait) }
            for rule in rules { state.failures[rule.key, default: []].append(Attempt(date: date, id: attemptID)) }
            return .reserved
        }
    }

    /// Removes the attempt `attemptID` under every key and every attempt under `keys`, under one lock.
    public func releaseAttempt(_ attemptID: String, clearing keys: [String]) throws {
        state.withLock { state in
            for key in keys { state.failures[key] = nil }
            state.failures = state.failures.mapValues { $0.filter { $0.id != attemptID } }.filter { !$0.value.isEmpty }
        }
    }

    /// Removes sessions at or past their absolute expiry or idle for `idleTimeout` seconds or more, and attempts before
    /// `failuresBefore`, under one lock.
    public func purgeExpired(now: Date, idleTimeout: TimeInterval, failuresBefore: Date) throws {
        state.withLock { state in
            state.sessions = state.sessions.filter {
                $0.value.absoluteExpiry > now && now.timeIntervalSince($0.value.lastSeenAt) < idleTimeout
            }
            state.failures = state.failures.mapValues { $0.filter { $0.date >= failuresBefore } }.filter {
                !$0.value.isEmpty
            }
        }
    }

    /// Removes every attempt under `key`, under the lock.
    public func clearSignInFailures(key: String) throws { state.withLock { _ = $0.failures.removeValue(forKey: key) } }
}
