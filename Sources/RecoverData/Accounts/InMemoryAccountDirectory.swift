import Foundation
import Synchronization

/// An ``AccountDirectory`` kept in memory, for tests and benchmarks.
public final class InMemoryAccountDirectory: AccountDirectory {
    private struct State {
        var accounts: [String: Account] = [:]
        var invitations: [String: Bool] = [:]
        var sessions: [String: SessionRecord] = [:]
        var failures: [String: [Date]] = [:]
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

    public func hasStaffAccount() throws -> Bool { state.withLock { $0.accounts.values.contains { $0.role.isStaff } } }

    public func addInvitation(code: String, createdBy: String?, at date: Date) throws {
        state.withLock { $0.invitations[code] = false }
    }

    public func invitationIsOpen(code: String) throws -> Bool { state.withLock { $0.invitations[code] == false } }

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
        state.withLock { $0.failures[key, default: []].append(date) }
    }

    public func signInFailureCount(key: String, since date: Date) throws -> Int {
        state.withLock { $0.failures[key, default: []].filter { $0 >= date }.count }
    }

    public func purgeExpired(now: Date, idleTimeout: TimeInterval, failuresBefore: Date) throws {
        state.withLock { state in
            state.sessions = state.sessions.filter {
                $0.value.absoluteExpiry > now && now.timeIntervalSince($0.value.lastSeenAt) < idleTimeout
            }
            state.failures = state.failures.mapValues { $0.filter { $0 >= failuresBefore } }.filter {
                !$0.value.isEmpty
            }
        }
    }

    public func clearSignInFailures(key: String) throws { state.withLock { _ = $0.failures.removeValue(forKey: key) } }
}
