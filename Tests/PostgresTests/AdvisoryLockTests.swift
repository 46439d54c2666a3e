import Foundation
import Postgres
import Synchronization
import Testing

@Suite(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct AdvisoryLockTests {
    @Test func keysFromNamesAreStable() {
        #expect(AdvisoryLockKey(name: "a").value == Int64(bitPattern: 0xaf63_dc4c_8601_ec8c))
        #expect(AdvisoryLockKey(name: "sessions.purge") == AdvisoryLockKey(name: "sessions.purge"))
        #expect(AdvisoryLockKey(name: "sessions.purge") != AdvisoryLockKey(name: "messages.send"))
    }

    @Test func onlyOneInstanceRunsLockedWorkAtATime() throws {
        let key = AdvisoryLockKey(name: "test.\(UUID())")
        try TestDatabase.withSchema { one, url in
            let other = try PostgresDatabase.open(url)
            defer { other.close() }
            let inside = DispatchSemaphore(value: 0)
            let leave = DispatchSemaphore(value: 0)
            let holder = DispatchGroup()
            DispatchQueue.global().async(group: holder) {
                _ = try? one.withAdvisoryLock(key) {
                    inside.signal()
                    _ = leave.wait(timeout: .now() + 10)
                }
            }
            #expect(inside.wait(timeout: .now() + 10) == .success)
            let whileHeld = try other.withAdvisoryLock(key) { "ran" }
            #expect(whileHeld == nil)
            leave.signal()
            holder.wait()
            let afterwards = try other.withAdvisoryLock(key) {
                try other.read { db in try db.queryOne("SELECT 1 AS one")?.int("one") }
            }
            #expect(afterwards == 1)
        }
    }

    @Test func aTransactionLockIsHeldUntilCommit() throws {
        let key = AdvisoryLockKey(name: "test.\(UUID())")
        try TestDatabase.with(configuration: PostgresConfiguration(maximumConnections: 2)) { database in
            let locked = DispatchSemaphore(value: 0)
            let commit = DispatchSemaphore(value: 0)
            let holder = DispatchGroup()
            DispatchQueue.global().async(group: holder) {
                _ = try? database.write { db in
                    try db.lockUntilTransactionEnds(key)
                    locked.signal()
                    _ = commit.wait(timeout: .now() + 10)
                }
            }
            #expect(locked.wait(timeout: .now() + 10) == .success)
            let whileHeld = try database.write { db in try db.tryLockUntilTransactionEnds(key) }
            #expect(!whileHeld)
            commit.signal()
            holder.wait()
            let afterCommit = try database.write { db in try db.tryLockUntilTransactionEnds(key) }
            #expect(afterCommit)
        }
    }
}
