import Foundation
import Postgres
import PostgresTestSupport
import RecoverData
import SQLite
import Testing

/// Every landed migration stays as it landed: a fresh database of each kind, opened with every migration, records
/// exactly the names and checksums of ``LandedMigrations``, in their order. A deployed database keeps the checksum
/// of every migration it applied and refuses to open when the SQL of one has changed since, so such a change
/// fails here, in CI, rather than on a deployed server's next start.
@Suite struct MigrationHistoryTests {
    @Test func aFreshSQLiteDatabaseRecordsEveryLandedMigrationUnchanged() throws {
        let database = try StorageFixture().open(RecoverSchema.migrations, durability: .normal)
        let problems = LandedMigrations.problems(
            applied: try LandedMigrations.applied(in: StudyStorage(database)), landed: LandedMigrations.sqlite,
            list: "LandedMigrations.sqlite")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
    func aFreshPostgresDatabaseRecordsEveryLandedMigrationUnchanged() throws {
        let storage = try RecoverSchema.open(
            postgres: try TestDatabase.newSchemaURL(), configuration: PostgresConfiguration(maximumConnections: 2))
        let problems = LandedMigrations.problems(
            applied: try LandedMigrations.applied(in: storage), landed: LandedMigrations.postgres,
            list: "LandedMigrations.postgres")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The migration the tests below change by one character.
    static let changed = "console-002-aggregates"

    @Test func oneCharacterChangedInALandedSQLiteMigrationIsNamed() throws {
        let migrations = RecoverSchema.migrations.map { migration in
            migration.name == Self.changed
                ? Migration(name: migration.name, sql: LandedMigrations.oneCharacterChanged(migration.sql)) : migration
        }
        let database = try StorageFixture().open(migrations, durability: .normal)
        let problems = LandedMigrations.problems(
            applied: try LandedMigrations.applied(in: StudyStorage(database)), landed: LandedMigrations.sqlite,
            list: "LandedMigrations.sqlite")
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("migration \(Self.changed) changed after it landed") == true)
        #expect(problems.first?.contains("append a new migration instead") == true)
    }

    @Test(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
    func oneCharacterChangedInALandedPostgresMigrationIsNamed() throws {
        let migrations = RecoverSchema.postgresMigrations.map { migration in
            migration.name == Self.changed
                ? PostgresMigration(name: migration.name, sql: LandedMigrations.oneCharacterChanged(migration.sql))
                : migration
        }
        let problems = try TestDatabase.with(migrations: migrations) { database in
            LandedMigrations.problems(
                applied: try LandedMigrations.applied(in: StudyStorage(database)), landed: LandedMigrations.postgres,
                list: "LandedMigrations.postgres")
        }
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("migration \(Self.changed) changed after it landed") == true)
        #expect(problems.first?.contains("append a new migration instead") == true)
    }

    @Test func aNewOrLostMigrationIsNamedWithItsPlace() {
        let landed = [LandedMigration("a-001", "1"), LandedMigration("a-002", "2")]
        #expect(LandedMigrations.problems(applied: landed, landed: landed, list: "list").isEmpty)
        let added = LandedMigrations.problems(
            applied: landed + [LandedMigration("b-001", "3")], landed: landed, list: "list")
        #expect(added == [#"migration b-001 is not in list: add LandedMigration("b-001", "3") after a-002"#])
        let lost = LandedMigrations.problems(applied: [landed[1]], landed: landed, list: "list")
        #expect(lost.count == 1 && lost[0].hasPrefix("migration a-001 landed but is no longer applied"))
        let reordered = LandedMigrations.problems(applied: landed.reversed(), landed: landed, list: "list")
        #expect(reordered.count == 1 && reordered[0].hasPrefix("the landed migrations are applied in another order"))
    }
}
