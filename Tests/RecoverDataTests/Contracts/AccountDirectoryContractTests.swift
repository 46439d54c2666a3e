import CareSQLite
import Foundation
import Postgres
import PostgresTestSupport
import RecoverData
import SQLite
import Testing

/// The same contract for every ``AccountDirectory``: in memory and over the SQLite and PostgreSQL databases.
@Suite struct AccountDirectoryContractTests {
    enum Kind: String, CaseIterable, Sendable {
        case memory, sqlite, postgres

        static var allCases: [Kind] { TestCluster.isAvailable ? [.memory, .sqlite, .postgres] : [.memory, .sqlite] }
    }

    static func make(_ kind: Kind) throws -> any AccountDirectory {
        switch kind {
        case .memory:
            return InMemoryAccountDirectory()
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("web-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let database = try RecoverSchema.open(
                at: folder.appendingPathComponent("recover.sqlite"), migrations: AccountStore.schema.sqliteMigrations)
            return StoredAccountDirectory(database: database)
        case .postgres:
            return StoredAccountDirectory(
                database: try RecoverSchema.open(
                    postgres: try TestDatabase.newSchemaURL(),
                    configuration: PostgresConfiguration(maximumConnections: 3)))
        }
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func participant(_ email: String) -> Account {
        Account(
            email: email, passwordHash: "$argon2id$x", role: .participant, timeZone: "Europe/Zurich", createdAt: start)
    }

    @Test(arguments: Kind.allCases) func invitationIsRedeemedOnceWithItsAccount(kind: Kind) throws {
        let directory = try Self.make(kind)
        try directory.addInvitation(code: "code1", createdBy: nil, at: Self.start)
        #expect(try directory.invitationIsOpen(code: "code1"))
        try directory.redeemInvitation(code: "code1", account: Self.participant("a@example.com"), at: Self.start)
        #expect(try !directory.invitationIsOpen(code: "code1"))
        #expect(throws: AccountDirectoryError.invitationUnavailable) {
            try directory.redeemInvitation(code: "code1", account: Self.participant("b@example.com"), at: Self.start)
        }
        #expect(try directory.account(email: "b@example.com") == nil)
        #expect(try directory.account(email: "a@example.com")?.timeZone == "Europe/Zurich")
    }

    @Test(arguments: Kind.allCases) func emailTakenLeavesTheInvitationOpen(kind: Kind) throws {
        let directory = try Self.make(kind)
        try directory.addAccount(Self.participant("a@example.com"))
        try directory.addInvitation(code: "code2", createdBy: nil, at: Self.start)
        #expect(throws: AccountDirectoryError.emailTaken) {
            try directory.redeemInvitation(code: "code2", account: Self.participant("a@example.com"), at: Self.start)
        }
        #expect(try directory.invitationIsOpen(code: "code2"))
    }

    @Test(arguments: Kind.allCases) func sessionsAreStoredByHashAndEndPerAccount(kind: Kind) throws {
        let directory = try Self.make(kind)
        let account = Self.participant("a@example.com")
        try directory.addAccount(account)
        for hash in ["h1", "h2"] {
            try directory.addSession(
                SessionRecord(
                    tokenHash: hash, accountID: account.id, csrfToken: "c", createdAt: Self.start,
                    lastSeenAt: Self.start,
                    absoluteExpiry: Self.start.addingTimeInterval(3600)))
        }
        try directory.touchSession(tokenHash: "h1", at: Self.start.addingTimeInterval(60))
        #expect(try directory.session(tokenHash: "h1")?.lastSeenAt == Self.start.addingTimeInterval(60))
        try directory.deleteSession(tokenHash: "h1")
        #expect(try directory.session(tokenHash: "h1") == nil)
        #expect(try directory.session(tokenHash: "h2") != nil)
        try directory.deleteSessions(accountID: account.id)
        #expect(try directory.session(tokenHash: "h2") == nil)
    }

    @Test(arguments: Kind.allCases) func accountUpdatesAndStaffDetection(kind: Kind) throws {
        let directory = try Self.make(kind)
        #expect(try !directory.hasStaffAccount())
        var account = Self.participant("a@example.com")
        try directory.addAccount(account)
        #expect(try !directory.hasStaffAccount())
        account.language = "zh-Hans"
        account.timeZone = "Asia/Tokyo"
        account.passwordHash = "$argon2id$y"
        try directory.updateAccount(account)
        let stored = try #require(try directory.account(id: account.id))
        #expect(stored.language == "zh-Hans")
        #expect(stored.timeZone == "Asia/Tokyo")
        #expect(stored.passwordHash == "$argon2id$y")
        try directory.addAccount(
            Account(
                email: "s@example.com", passwordHash: "h", role: .researcher, timeZone: "UTC", createdAt: Self.start))
        #expect(try directory.hasStaffAccount())
    }

    @Test(arguments: Kind.allCases) func signInFailuresCountWithinTheWindow(kind: Kind) throws {
        let directory = try Self.make(kind)
        try directory.recordSignInFailure(key: "account:a", at: Self.start)
        try directory.recordSignInFailure(key: "account:a", at: Self.start.addingTimeInterval(600))
        #expect(try directory.signInFailureCount(key: "account:a", since: Self.start.addingTimeInterval(1)) == 1)
        #expect(try directory.signInFailureCount(key: "account:b", since: Self.start) == 0)
        try directory.clearSignInFailures(key: "account:a")
        #expect(try directory.signInFailureCount(key: "account:a", since: Self.start) == 0)
    }

    @Test(arguments: Kind.allCases) func purgeRemovesOnlyExpiredSessionsAndOldFailures(kind: Kind) throws {
        let directory = try Self.make(kind)
        let account = Self.participant("a@example.com")
        try directory.addAccount(account)
        let idle = SessionRecord(
            tokenHash: "idle", accountID: account.id, csrfToken: "c", createdAt: Self.start, lastSeenAt: Self.start,
            absoluteExpiry: Self.start.addingTimeInterval(12 * 3600))
        var live = idle
        live.tokenHash = "live"
        live.lastSeenAt = Self.start.addingTimeInterval(3000)
        try directory.addSession(idle)
        try directory.addSession(live)
        try directory.recordSignInFailure(key: "k", at: Self.start)
        try directory.purgeExpired(
            now: Self.start.addingTimeInterval(3600), idleTimeout: 1800,
            failuresBefore: Self.start.addingTimeInterval(1))
        #expect(try directory.session(tokenHash: "idle") == nil)
        #expect(try directory.session(tokenHash: "live") != nil)
        #expect(try directory.signInFailureCount(key: "k", since: Self.start.addingTimeInterval(-1)) == 0)
    }
}
