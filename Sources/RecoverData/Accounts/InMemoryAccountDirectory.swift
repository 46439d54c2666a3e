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

    public init() {}

    public func account(id: String) throws -> Account? { state.withLock { $0.accounts[id] } }

    public func account(email: String) throws -> Account? {
        state.withLock { $0.accounts.values.first { $0.email == email } }
    }

    public func addAccount(_ account: Account) throws {
        try state.withLock { state in
            if state.accounts.values.contains(where: { $0.email == account.email }) {
                throw AccountDirectoryError.emailTaken
            }
            state.accounts[account.id] = account
        }
    }

    public func updateAccount(_ account: Account) throws { state.withLock { $0.accounts[account.id] = account } }

    public func changePassword(accountID: String, passwordHash: String, notice: MessageRequest, at date: Date) throws {
        state.withLock { state in
            state.accounts[accountID]?.passwordHash = passwordHash
            state.sessions = state.sessions.filter { $0.value.accountID != accountID }
            state.notices.append(notice)
        }
    }

    /// The password-change notices queued so far, oldest first.
    public var queuedNotices: [MessageRequest] { state.withLock { $0.notices } }

    public func hasStaffAccount() throws -> Bool { state.withLock { $0.accounts.values.contains { $0.role.isStaff } } }

    public func addInvitation(code: String, createdBy: String?, at date: Date) throws {
        state.withLock { $0.invitations[code] = false }
    }

    /// The in-memory directory keeps no expiry.
    public func addInvitation(code: String, createdBy: String?, at date: Date, expiresAt: Date?) throws {
        try addInvitation(code: code, createdBy: createdBy, at: date)
    }

    public func invitationIsOpen(code: String) throws -> Bool { state.withLock { $0.invitations[code] == false } }

    public func invitationStatus(code: String, at date: Date) throws -> Invitation.Status? {
        state.withLock { state in state.invitations[code].map { $0 ? .used : .open } }
    }

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

    public func redeemInvitationEvenIfEmailTaken(code: String, account: Account, at date: Date) throws -> Bool {
        try state.withLock { state in
            guard state.invitations[code] == false else { throw AccountDirectoryError.invitationUnavailable }
            state.invitations[code] = true
            guard !state.accounts.values.contains(where: { $0.email == account.email }) else { return false }
            state.accounts[account.id] = account
            return true
        }
    }

    public func addSession(_ session: SessionRecord) throws {
        state.withLock { $0.sessions[session.tokenHash] = session }
    }

    public func session(tokenHash: String) throws -> SessionRecord? { state.withLock { $0.sessions[tokenHash] } }

    public func signedInSession(tokenHash: String) throws -> SignedInSession? {
        state.withLock { state in
            guard let entry = state.sessions[tokenHash], let account = state.accounts[entry.accountID] else {
                return nil
            }
            return SignedInSession(account: account, entry: entry)
        }
    }

    public func touchSession(tokenHash: String, at date: Date) throws {
        state.withLock { $0.sessions[tokenHash]?.lastSeenAt = date }
    }

    public func deleteSession(tokenHash: String) throws {
        state.withLock { _ = $0.sessions.removeValue(forKey: tokenHash) }
    }

    public func deleteSessions(accountID: String) throws {
        state.withLock { state in state.sessions = state.sessions.filter { $0.value.accountID != accountID } }
    }

    public func recordSignInFailure(key: String, at date: Date) throws {
        state.withLock { $0.failures[key, default: []].append(Attempt(date: date)) }
    }

    public func signInFailureCount(key: String, since date: Date) throws -> Int {
        state.withLock { $0.failures[key, default: []].filter { $0.date >= date }.count }
    }

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

    public func releaseAttempt(_ attemptID: String, clearing keys: [String]) throws {
        state.withLock { state in
            for key in keys { state.failures[key] = nil }
            state.failures = state.failures.mapValues { $0.filter { $0.id != attemptID } }.filter { !$0.value.isEmpty }
        }
    }

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

    public func clearSignInFailures(key: String) throws { state.withLock { _ = $0.failures.removeValue(forKey: key) } }
}
