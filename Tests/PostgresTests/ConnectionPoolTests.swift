import Foundation
import Postgres
import Synchronization
import Testing

/// Ends the server process behind `processID` and waits until it is gone.
private func terminate(_ processID: Int32) throws {
    let administrator = try TestDatabase.administrator()
    defer { administrator.close() }
    try administrator.withConnection { db in _ = try db.query("SELECT pg_terminate_backend($1)", [processID]) }
    let gone = try eventually {
        try administrator.withConnection { db in
            try db.queryOne("SELECT count(*) AS n FROM pg_stat_activity WHERE pid = $1", [processID])?.int("n") == 0
        }
    }
    #expect(gone)
}

@Suite(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct ConnectionPoolTests {
    @Test func anExhaustedPoolTimesOutAndRecovers() throws {
        let configuration = PostgresConfiguration(maximumConnections: 1, checkoutTimeout: 0.2)
        try TestDatabase.with(configuration: configuration) { database in
            let holding = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let holder = concurrentlyInBackground {
                try database.write { db in
                    _ = try db.query("SELECT 1")
                    holding.signal()
                    _ = release.wait(timeout: .now() + 10)
                }
            }
            #expect(holding.wait(timeout: .now() + 10) == .success)
            #expect {
                try database.read { db in try db.query("SELECT 1") }
            } throws: { error in
                let error = error as? PostgresError
                return error?.category == .poolTimeout && error?.message.contains("1") == true
            }
            release.signal()
            holder.wait()
            let one = try database.read { db in try db.queryOne("SELECT 1 AS one")?.int("one") }
            #expect(one == 1)
        }
    }

    @Test func thePoolNeverOpensMoreThanItsMaximum() throws {
        let configuration = PostgresConfiguration(maximumConnections: 2, checkoutTimeout: 10)
        try TestDatabase.with(configuration: configuration) { database in
            let results = concurrently(
                (0..<8).map { _ in
                    { @Sendable in
                        try database.read { db in
                            _ = try db.query("SELECT pg_sleep(0.02)")
                            return db.backendProcessID
                        }
                    }
                })
            let processes = Set(try results.map { try $0.get() })
            #expect(processes.count <= 2)
            #expect(database.activity.connectionsOpened <= 2)
        }
    }

    @Test func anIdleConnectionEndedByTheServerIsReplaced() throws {
        let configuration = PostgresConfiguration(maximumConnections: 1)
        try TestDatabase.with(configuration: configuration) { database in
            let first = try database.read { db in db.backendProcessID }
            try terminate(first)
            let before = database.activity
            let second = try database.read { db in
                try db.queryOne("SELECT pg_backend_pid() AS pid")?.int32("pid")
            }
            #expect(second != nil && second != first)
            #expect(database.activity.since(before).connectionsOpened == 1)
        }
    }

    @Test func aConnectionThatBreaksMidTransactionIsDiscarded() throws {
        try TestDatabase.with(configuration: PostgresConfiguration(maximumConnections: 1)) { database in
            let broken = Mutex<Int32>(0)
            #expect {
                try database.write { db in
                    broken.withLock { $0 = db.backendProcessID }
                    try terminate(db.backendProcessID)
                    _ = try db.query("SELECT 1")
                }
            } throws: { ($0 as? PostgresError)?.category == .connection }
            let next = try database.write { db in db.backendProcessID }
            #expect(next != broken.withLock { $0 })
        }
    }

    @Test func aClosedDatabaseRefusesWork() throws {
        let database = try TestDatabase.administrator()
        database.close()
        #expect {
            try database.read { db in try db.query("SELECT 1") }
        } throws: { ($0 as? PostgresError)?.category == .misuse }
    }
}

/// Runs `work` on a thread of its own; the group is done when it has.
private func concurrentlyInBackground(_ work: @escaping @Sendable () throws -> Void) -> DispatchGroup {
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { _ = try? work() }
    return group
}
