import Foundation
import Postgres
import Testing

private let first = PostgresMigration(
    name: "test-001-create", sql: "CREATE TABLE visit (id uuid PRIMARY KEY, at timestamptz NOT NULL);")
private let second = PostgresMigration(
    name: "test-002-index", sql: "CREATE INDEX visit_at ON visit (at); ALTER TABLE visit ADD COLUMN note text;")

@Suite(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct MigrationTests {
    @Test func migrationsApplyOnceInOrderAndAgainDoNothing() throws {
        try TestDatabase.with(migrations: [first]) { database in
            try database.migrate([first, second])
            try database.migrate([first, second])
            #expect(try database.appliedMigrationNames() == ["test-001-create", "test-002-index"])
            try database.write { db in
                try db.execute("INSERT INTO visit (id, at, note) VALUES ($1, $2, $3)", [UUID(), Date(), "ok"])
            }
        }
    }

    @Test func instancesStartingTogetherApplyEachMigrationOnce() throws {
        let slow = PostgresMigration(
            name: "test-003-slow", sql: "SELECT pg_sleep(0.3); CREATE TABLE slow_marker (id integer);")
        try TestDatabase.withSchema { _, url in
            let instances = try (0..<3).map { _ in try PostgresDatabase.open(url) }
            let results = concurrently(
                instances.map { instance in { @Sendable in try instance.migrate([first, second, slow]) } })
            for result in results { #expect(throws: Never.self) { try result.get() } }
            let names = try instances[0].appliedMigrationNames()
            #expect(names == ["test-001-create", "test-002-index", "test-003-slow"])
        }
    }

    @Test func aMigrationEditedAfterItWasAppliedIsRefused() throws {
        try TestDatabase.with(migrations: [first]) { database in
            let edited = PostgresMigration(name: first.name, sql: first.sql + " -- edited")
            #expect {
                try database.migrate([edited])
            } throws: { error in
                let error = error as? PostgresError
                return error?.category == .migration && error?.migration == "test-001-create"
            }
        }
    }

    @Test func aFailingMigrationLeavesNothingOfItself() throws {
        let broken = PostgresMigration(
            name: "test-002-broken", sql: "CREATE TABLE half (id integer); CREATE TABLE broken (id integer REFERENCES")
        try TestDatabase.with(migrations: [first]) { database in
            #expect {
                try database.migrate([first, broken, second])
            } throws: { error in
                let error = error as? PostgresError
                return error?.category == .syntax && error?.migration == "test-002-broken" && error?.sqlState == "42601"
            }
            #expect(try database.appliedMigrationNames() == ["test-001-create"])
            let half = try database.read { db in try db.queryOne("SELECT to_regclass('half') IS NULL AS missing") }
            #expect(try half?.bool("missing") == true)
        }
    }

    @Test func aDuplicateNameIsRefusedBeforeAnythingRuns() throws {
        try TestDatabase.with { database in
            #expect {
                try database.migrate([first, PostgresMigration(name: first.name, sql: "SELECT 1")])
            } throws: { ($0 as? PostgresError)?.category == .migration }
            #expect(throws: PostgresError.self) { try database.appliedMigrationNames() }
        }
    }
}
