import Foundation
import Postgres
import Synchronization
import Testing

private let doctors = PostgresMigration(
    name: "test-001-doctors",
    sql: """
        CREATE TABLE doctor (id integer PRIMARY KEY, on_call boolean NOT NULL);
        INSERT INTO doctor VALUES (1, true), (2, true);
        """)

@Suite(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct TransactionTests {
    @Test func aWriteCommitsAndAThrowingWriteLeavesNothing() throws {
        struct Abandon: Error {}
        try TestDatabase.with(migrations: [doctors]) { database in
            try database.write { db in try db.execute("UPDATE doctor SET on_call = false WHERE id = 1") }
            #expect(throws: Abandon.self) {
                try database.write { db in
                    try db.execute("UPDATE doctor SET on_call = false WHERE id = 2")
                    throw Abandon()
                }
            }
            let onCall = try database.read { db in
                try db.query("SELECT id FROM doctor WHERE on_call ORDER BY id").map { try $0.int("id") }
            }
            #expect(onCall == [2])
        }
    }

    @Test func aClosureThatSwallowsAFailedStatementCommitsNothing() throws {
        try TestDatabase.with(migrations: [doctors]) { database in
            #expect {
                try database.write { db in
                    try db.execute("UPDATE doctor SET on_call = false WHERE id = 1")
                    _ = try? db.execute("INSERT INTO doctor VALUES (1, true)")
                }
            } throws: { ($0 as? PostgresError)?.category == .uniqueViolation }
            let onCall = try database.read { db in try db.queryOne("SELECT count(*) AS n FROM doctor WHERE on_call") }
            #expect(try onCall?.int("n") == 2)
        }
    }

    /// Write skew: each transaction sees two doctors on call and takes one off. Run one after the other, the
    /// second sees only one on call and does nothing; SERIALIZABLE makes the concurrent run end the same way.
    @Test func aSerializationFailureIsRetriedUntilTheOutcomeIsSerial() throws {
        let configuration = PostgresConfiguration(maximumConnections: 2, maximumAttempts: 20)
        try TestDatabase.with(configuration: configuration, migrations: [doctors]) { database in
            let meeting = Rendezvous(parties: 2)
            let results = concurrently(
                [1, 2].map { id in
                    { @Sendable in
                        var isFirstAttempt = true
                        try database.write(isolation: .serializable) { db in
                            let onCall = try db.queryOne("SELECT count(*) AS n FROM doctor WHERE on_call")?.int("n")
                            if isFirstAttempt {
                                isFirstAttempt = false
                                meeting.arriveAndWait()
                            }
                            if onCall ?? 0 >= 2 {
                                try db.execute("UPDATE doctor SET on_call = false WHERE id = $1", [id])
                            }
                        }
                    }
                })
            for result in results { #expect(throws: Never.self) { try result.get() } }
            #expect(database.activity.retries >= 1)
            let onCall = try database.read { db in try db.queryOne("SELECT count(*) AS n FROM doctor WHERE on_call") }
            #expect(try onCall?.int("n") == 1)
        }
    }

    @Test func retriesStopAtTheConfiguredNumberOfAttempts() throws {
        let configuration = PostgresConfiguration(maximumConnections: 2, maximumAttempts: 1)
        try TestDatabase.with(configuration: configuration, migrations: [doctors]) { database in
            let meeting = Rendezvous(parties: 2)
            let results = concurrently(
                [1, 2].map { id in
                    { @Sendable in
                        try database.write { db in
                            _ = try db.query("SELECT * FROM doctor WHERE on_call")
                            meeting.arriveAndWait()
                            try db.execute("UPDATE doctor SET on_call = false WHERE id = $1", [id])
                        }
                    }
                })
            let failures = results.compactMap { result -> PostgresError? in
                guard case .failure(let error) = result else { return nil }
                return error as? PostgresError
            }
            #expect(failures.count == 1)
            #expect(failures.first?.category == .serializationFailure)
            #expect(database.activity.retries == 0)
        }
    }

    @Test func aDeadlockIsRetried() throws {
        let configuration = PostgresConfiguration(maximumConnections: 2, maximumAttempts: 5)
        try TestDatabase.with(configuration: configuration, migrations: [doctors]) { database in
            let meeting = Rendezvous(parties: 2)
            let results = concurrently(
                [(1, 2), (2, 1)].map { first, second in
                    { @Sendable in
                        var isFirstAttempt = true
                        try database.write(isolation: .readCommitted) { db in
                            try db.execute("UPDATE doctor SET on_call = NOT on_call WHERE id = $1", [first])
                            if isFirstAttempt {
                                isFirstAttempt = false
                                meeting.arriveAndWait()
                            }
                            try db.execute("UPDATE doctor SET on_call = NOT on_call WHERE id = $1", [second])
                        }
                    }
                })
            for result in results { #expect(throws: Never.self) { try result.get() } }
            #expect(database.activity.retries >= 1)
            let onCall = try database.read { db in try db.queryOne("SELECT count(*) AS n FROM doctor WHERE on_call") }
            #expect(try onCall?.int("n") == 2)  // each row flipped twice
        }
    }

    @Test func aTransactionInsideATransactionOfTheSameDatabaseIsMisuse() throws {
        try TestDatabase.with { database in
            #expect {
                try database.write { _ in try database.read { db in try db.query("SELECT 1") } }
            } throws: { ($0 as? PostgresError)?.category == .misuse }
            let other = try TestDatabase.administrator()
            let nested = try database.write { _ in try other.read { db in try db.queryOne("SELECT 7 AS n")?.int("n") } }
            #expect(nested == 7)
        }
    }

    @Test func aConnectionKeptPastItsClosureRefusesWork() throws {
        try TestDatabase.with { database in
            var escaped: PostgresConnection?
            try database.read { db in escaped = db }
            #expect {
                try escaped?.query("SELECT 1")
            } throws: { ($0 as? PostgresError)?.category == .misuse }
        }
    }

    @Test func asyncVariantsCommitAndRead() async throws {
        let database = try TestDatabase.administrator()
        defer { database.close() }
        let transaction = try await database.write { db in try db.queryOne("SELECT txid_current() AS id")?.int64("id") }
        #expect(transaction != nil)
        let sum = try await database.read { db in
            try db.queryOne("SELECT sum(n) AS total FROM generate_series(1, 10) AS n")?.int("total")
        }
        #expect(sum == 55)
    }

    @Test func activityCountsTransactionsAndStatements() throws {
        try TestDatabase.with(migrations: [doctors]) { database in
            let before = database.activity
            try database.write { db in
                try db.execute("UPDATE doctor SET on_call = false WHERE id = 1")
                try db.execute("UPDATE doctor SET on_call = false WHERE id = 2")
            }
            _ = try database.read { db in try db.query("SELECT * FROM doctor") }
            let work = database.activity.since(before)
            #expect(work.writeTransactions == 1)
            #expect(work.readTransactions == 1)
            #expect(work.statements == 3)
            #expect(work.retries == 0)
        }
    }
}
