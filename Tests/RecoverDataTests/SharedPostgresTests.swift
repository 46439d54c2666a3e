import Foundation
import Postgres
import PostgresTestSupport
import RecoverData
import Testing

/// Several server instances on one PostgreSQL database: each opens its own ``StudyStorage`` (its own pool) on
/// the same schema, as two `recover serve` processes do.
@Suite(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct SharedPostgresTests {
    static func instances(_ count: Int) throws -> [StudyStorage] {
        let url = try TestDatabase.newSchemaURL()
        return try (0..<count).map { _ in
            try RecoverSchema.open(postgres: url, configuration: PostgresConfiguration(maximumConnections: 4))
        }
    }

    @Test func instancesOpeningTogetherMigrateOnce() throws {
        let url = try TestDatabase.newSchemaURL()
        let opened = concurrently(
            (0..<4).map { _ in
                { @Sendable in
                    try RecoverSchema.open(postgres: url, configuration: PostgresConfiguration(maximumConnections: 1))
                }
            })
        for result in opened { _ = try result.get() }
        let storage = try RecoverSchema.open(postgres: url)
        #expect(try AuditTrail(database: storage).verify() == .ok(count: 0))
    }

    @Test func eightWritersOnTwoInstancesKeepOneVerifiedChain() throws {
        let instances = try Self.instances(2)
        let writes = concurrently(
            (0..<8).map { writer in
                { @Sendable in
                    let accounts = AccountStore(database: instances[writer % 2])
                    for index in 0..<10 {
                        try accounts.createAccount(
                            Account(
                                id: "a-\(writer)-\(index)", email: "w\(writer)-\(index)@example.org",
                                passwordHash: "x", role: .participant))
                    }
                }
            })
        for write in writes { try write.get() }
        let trail = AuditTrail(database: instances[0])
        #expect(try trail.verify() == .ok(count: 80))
        let entries = try trail.entries(afterSequence: 0, limit: 100)
        #expect(entries.map(\.sequence) == Array(1...80))
        #expect(Set(entries.map(\.entityID)).count == 80)
        #expect(try AccountStore(database: instances[1]).accounts(role: .participant).count == 80)
    }

    @Test func theSameEmailFromTwoInstancesMakesOneAccount() throws {
        let instances = try Self.instances(2)
        let results = concurrently(
            (0..<6).map { attempt in
                { @Sendable in
                    try AccountStore(database: instances[attempt % 2]).createAccount(
                        Account(
                            id: "same-\(attempt)", email: "same@example.org", passwordHash: "x", role: .participant))
                }
            })
        let created = results.filter { if case .success = $0 { true } else { false } }
        #expect(created.count == 1)
        for case .failure(let error) in results { #expect(error as? AccountStoreError == .emailTaken) }
        #expect(try AuditTrail(database: instances[0]).verify() == .ok(count: 1))
    }

    @Test func anAuditEntryCannotBeChangedOrDeletedInSQL() throws {
        let storage = try Self.instances(1)[0]
        try AccountStore(database: storage).createAccount(
            Account(id: "a-1", email: "a@example.org", passwordHash: "x", role: .participant))
        #expect(throws: PostgresError.self) {
            try storage.write { db in try db.execute("UPDATE audit_entry SET actor = 'someone else'") }
        }
        #expect(throws: PostgresError.self) {
            try storage.write { db in try db.execute("DELETE FROM audit_entry") }
        }
        #expect(throws: PostgresError.self) {
            try storage.write { db in try db.execute("TRUNCATE audit_entry") }
        }
        #expect(try AuditTrail(database: storage).verify() == .ok(count: 1))
    }
}

extension SharedPostgresTests {
    @Test func ofInstancesClaimingABackgroundJobAtOnceOneRunsIt() throws {
        let instances = try Self.instances(2)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let claims = concurrently(
            (0..<6).map { index in
                { @Sendable in
                    try BackgroundJobs(database: instances[index % 2]).claim("session-purge", every: 540, now: start)
                }
            })
        #expect(try claims.map { try $0.get() }.filter { $0 }.count == 1)
        let jobs = BackgroundJobs(database: instances[1])
        #expect(try !jobs.claim("session-purge", every: 540, now: start.addingTimeInterval(539)))
        #expect(try jobs.claim("session-purge", every: 540, now: start.addingTimeInterval(540)))
        #expect(try jobs.claim("outbox", every: 540, now: start))
    }
}
