import CareSQLite
import Cryptography
import Foundation
import RecoverData
import SQLite
import Testing

@Suite struct AccountStoreTests {
    private let store: AccountStore
    private let now = DatabaseDate.rounded(Date(timeIntervalSince1970: 1_790_000_000))

    init() throws {
        store = AccountStore(database: try StorageFixture().open(AccountStore.schema.sqliteMigrations))
    }

    private func participant(_ email: String = "Ana@Example.org ") -> Account {
        Account(email: email, passwordHash: "$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA", role: .participant)
    }

    // MARK: Accounts

    @Test func createdAccountIsFoundByIdAndByEmailInAnyCase() throws {
        let account = try store.createAccount(
            Account(email: "  Ana@Example.ORG", passwordHash: "h", role: .participant, timeZone: "Europe/Berlin"))
        #expect(account.email == "ana@example.org")
        #expect(try store.account(id: account.id) == account)
        #expect(try store.account(email: "ANA@example.org ") == account)
        #expect(try store.account(email: "someone@else.org") == nil)
    }

    @Test func duplicateEmailIsATypedError() throws {
        try store.createAccount(participant("ana@example.org"))
        #expect(throws: AccountStoreError.emailTaken) { try store.createAccount(participant("ANA@example.org")) }
    }

    @Test func emailWithoutAtSignIsRefused() throws {
        #expect(throws: AccountStoreError.invalidEmail) { try store.createAccount(participant("   ")) }
    }

    @Test func settingsAndPasswordUpdatesAreStored() throws {
        let account = try store.createAccount(participant())
        try store.updateLanguage(accountID: account.id, language: "zh-Hans")
        try store.updateTimeZone(accountID: account.id, timeZone: "Asia/Tokyo")
        try store.updatePassword(accountID: account.id, passwordHash: "new-hash")
        let stored = try store.account(id: account.id)
        #expect(stored?.language == "zh-Hans")
        #expect(stored?.timeZone == "Asia/Tokyo")
        #expect(stored?.passwordHash == "new-hash")
        #expect(throws: AccountStoreError.accountNotFound) {
            try store.updateLanguage(accountID: "missing", language: "en")
        }
    }

    @Test func withdrawalKeepsTheFirstDate() throws {
        let account = try store.createAccount(participant())
        try store.withdraw(accountID: account.id, at: now)
        try store.withdraw(accountID: account.id, at: now.addingTimeInterval(60))
        #expect(try store.account(id: account.id)?.withdrawnAt == now)
        #expect(throws: AccountStoreError.accountNotFound) { try store.withdraw(accountID: "missing") }
    }

    @Test func accountsAreListedByRoleOldestFirst() throws {
        let admin = try store.createAccount(
            Account(email: "admin@study.org", passwordHash: "h", role: .admin, createdAt: now))
        let later = try store.createAccount(
            Account(email: "b@study.org", passwordHash: "h", role: .researcher, createdAt: now.addingTimeInterval(5)))
        let earlier = try store.createAccount(
            Account(email: "a@study.org", passwordHash: "h", role: .researcher, createdAt: now))
        #expect(try store.accounts(role: .researcher) == [earlier, later])
        #expect(try store.accounts(role: .admin) == [admin])
        #expect(try store.accounts(role: .researcher, limit: 1, offset: 1) == [later])
        #expect(try store.accounts(role: .participant).isEmpty)
    }

    // MARK: Invitations

    @Test func redeemingCreatesTheAccountAndUsesTheInvitation() throws {
        try store.createInvitation(Invitation(code: "K7Q2", createdBy: nil, createdAt: now))
        let account = try store.redeemInvitation(code: "K7Q2", newAccount: participant(), at: now)
        let invitation = try store.invitation(code: "K7Q2")
        #expect(invitation?.usedAt == now)
        #expect(invitation?.usedByAccountID == account.id)
        #expect(try store.account(id: account.id) == account)
        #expect(throws: AccountStoreError.invitationUsed) {
            try store.redeemInvitation(code: "K7Q2", newAccount: participant("other@example.org"), at: now)
        }
    }

    @Test func unusableInvitationsAreTypedErrorsAndCreateNoAccount() throws {
        try store.createInvitation(Invitation(code: "OLD", createdAt: now, expiresAt: now.addingTimeInterval(-1)))
        try store.createInvitation(Invitation(code: "REVOKED", createdAt: now))
        try store.revokeInvitation(code: "REVOKED", at: now)
        #expect(throws: AccountStoreError.invitationNotFound) {
            try store.redeemInvitation(code: "NOPE", newAccount: participant(), at: now)
        }
        #expect(throws: AccountStoreError.invitationExpired) {
            try store.redeemInvitation(code: "OLD", newAccount: participant(), at: now)
        }
        #expect(throws: AccountStoreError.invitationRevoked) {
            try store.redeemInvitation(code: "REVOKED", newAccount: participant(), at: now)
        }
        #expect(try store.account(email: participant().email) == nil)
        #expect(try store.invitation(code: "REVOKED")?.status(at: now) == .revoked)
    }

    @Test func redeemWithTakenEmailLeavesTheInvitationOpen() throws {
        try store.createAccount(participant())
        try store.createInvitation(Invitation(code: "C1", createdAt: now))
        #expect(throws: AccountStoreError.emailTaken) {
            try store.redeemInvitation(code: "C1", newAccount: participant(), at: now)
        }
        #expect(try store.invitation(code: "C1")?.status(at: now) == .open)
    }

    @Test func concurrentRedeemsOfOneCodeLetExactlyOneThrough() async throws {
        try store.createInvitation(Invitation(code: "RACE", createdAt: now))
        let store = self.store
        let now = self.now
        let outcomes = try await withThrowingTaskGroup(of: AccountStoreError?.self) { group in
            for index in 0..<2 {
                group.addTask {
                    let account = Account(email: "p\(index)@example.org", passwordHash: "h", role: .participant)
                    do {
                        try store.redeemInvitation(code: "RACE", newAccount: account, at: now)
                        return nil
                    } catch let error as AccountStoreError {
                        return error
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == nil }.count == 1)
        #expect(outcomes.contains(.invitationUsed))
        #expect(try store.accounts(role: .participant).count == 1)
    }

    @Test func aCodeIsStoredOnlyAsItsHashAndCodesStoredInClearAreHashedOnce() throws {
        try store.createInvitation(Invitation(code: "K7Q2", createdAt: now))
        let stored = try store.database.read { db in
            try db.query("SELECT code FROM invitation").map { try $0.string("code") }
        }
        #expect(stored == [Invitation.storedCode("K7Q2")])
        #expect(stored[0] == "sha256:" + Crypto.sha256Hex("K7Q2"))
        // A code an earlier version stored in clear.
        try store.database.write { db in
            _ = try db.execute(
                "INSERT INTO invitation (code, created_at) VALUES (?, ?)", ["LEGACY", now])
        }
        try AccountStore.hashPlainCodes(in: store.database)
        try AccountStore.hashPlainCodes(in: store.database)
        #expect(try store.invitation(code: "LEGACY")?.status(at: now) == .open, "still redeemable by its code")
        let after = try store.database.read { db in
            try db.query("SELECT code FROM invitation ORDER BY code").map { try $0.string("code") }
        }
        #expect(after.allSatisfy { $0.hasPrefix("sha256:") } && after.count == 2)
    }

    @Test func invitationsAreListedNewestFirstAndCodesAreUnique() throws {
        try store.createInvitation(Invitation(code: "A", createdAt: now))
        try store.createInvitation(Invitation(code: "B", createdAt: now.addingTimeInterval(1)))
        #expect(try store.invitations().map(\.code) == [Invitation.storedCode("B"), Invitation.storedCode("A")])
        #expect(try store.invitations(limit: 1, offset: 1).map(\.code) == [Invitation.storedCode("A")])
        #expect(throws: AccountStoreError.invitationCodeTaken) {
            try store.createInvitation(Invitation(code: "A"))
        }
    }

    @Test func usedInvitationCannotBeRevoked() throws {
        try store.createInvitation(Invitation(code: "U", createdAt: now))
        try store.redeemInvitation(code: "U", newAccount: participant(), at: now)
        #expect(throws: AccountStoreError.invitationUsed) { try store.revokeInvitation(code: "U") }
        #expect(throws: AccountStoreError.invitationNotFound) { try store.revokeInvitation(code: "none") }
    }

    // MARK: Sessions

    @Test func sessionsAreStoredTouchedAndDeleted() throws {
        let account = try store.createAccount(participant())
        let session = SessionRecord(
            tokenHash: "hash-1", accountID: account.id, csrfToken: "csrf", createdAt: now,
            absoluteExpiry: now.addingTimeInterval(3600))
        try store.createSession(session)
        #expect(try store.session(tokenHash: "hash-1") == session)
        #expect(try store.touchSession(tokenHash: "hash-1", at: now.addingTimeInterval(30)))
        #expect(try store.session(tokenHash: "hash-1")?.lastSeenAt == now.addingTimeInterval(30))
        try store.deleteSession(tokenHash: "hash-1")
        #expect(try store.session(tokenHash: "hash-1") == nil)
        #expect(try !store.touchSession(tokenHash: "hash-1", at: now))
    }

    @Test func signOutEverywhereEndsOnlyThatAccountsSessions() throws {
        let ana = try store.createAccount(participant())
        let ben = try store.createAccount(participant("ben@example.org"))
        for (index, account) in [ana, ana, ben].enumerated() {
            try store.createSession(
                SessionRecord(
                    tokenHash: "h\(index)", accountID: account.id, csrfToken: "c",
                    absoluteExpiry: now.addingTimeInterval(60)))
        }
        #expect(try store.deleteSessions(accountID: ana.id) == 2)
        #expect(try store.session(tokenHash: "h2") != nil)
    }

    @Test func expiredAndIdleSessionsAreDeleted() throws {
        let account = try store.createAccount(participant())
        let sessions = [
            SessionRecord(
                tokenHash: "expired", accountID: account.id, csrfToken: "c", createdAt: now.addingTimeInterval(-100),
                absoluteExpiry: now),
            SessionRecord(
                tokenHash: "idle", accountID: account.id, csrfToken: "c", createdAt: now.addingTimeInterval(-100),
                absoluteExpiry: now.addingTimeInterval(100)),
            SessionRecord(
                tokenHash: "fresh", accountID: account.id, csrfToken: "c", createdAt: now,
                absoluteExpiry: now.addingTimeInterval(100)),
        ]
        for session in sessions { try store.createSession(session) }
        #expect(try store.deleteExpiredSessions(now: now, idleTimeout: 50) == 2)
        #expect(try store.session(tokenHash: "fresh") != nil)
        #expect(try store.session(tokenHash: "idle") == nil)
    }

    @Test func sessionForUnknownAccountIsRefused() throws {
        #expect(throws: AccountStoreError.accountNotFound) {
            try store.createSession(
                SessionRecord(tokenHash: "x", accountID: "missing", csrfToken: "c", absoluteExpiry: now))
        }
    }

    // MARK: Throttling

    @Test func signInFailuresAreCountedPerKeySinceATime() throws {
        for offset in [-120.0, -30, -10] {
            try store.recordSignInFailure(key: "account:ana@example.org", at: now.addingTimeInterval(offset))
        }
        try store.recordSignInFailure(key: "address:192.0.2.1", at: now)
        #expect(try store.signInFailures(key: "account:ana@example.org", since: now.addingTimeInterval(-60)) == 2)
        #expect(try store.signInFailures(key: "address:192.0.2.1", since: now.addingTimeInterval(-60)) == 1)
        try store.clearSignInFailures(key: "account:ana@example.org")
        #expect(try store.signInFailures(key: "account:ana@example.org", since: .distantPast) == 0)
        #expect(try store.deleteSignInFailures(before: now.addingTimeInterval(1)) == 1)
    }
}
