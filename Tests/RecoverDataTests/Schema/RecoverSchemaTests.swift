import CarePostgres
import CareSQLite
import Postgres
import PostgresTestSupport
import RecoverData
import Testing

/// The schema's areas against what the databases hold: every table a fresh database has is one `StudyCopy` copies
/// or one kept by triggers, so a table no area declares (and a copy would leave behind) fails here; and both
/// databases' migration lists are made from the areas without losing one.
@Suite struct RecoverSchemaTests {
    /// How the tables of `storage` differ from the areas' declared tables, one line per difference; empty when
    /// they agree and every copied table reads in its copy order.
    static func problems(in storage: StudyStorage) throws -> [String] {
        let query =
            switch storage.dialect {
            case .sqlite:
                """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                    AND name NOT IN ('schema_migrations', 'recover_database')
                """
            case .postgres:
                """
                SELECT table_name AS name FROM information_schema.tables
                WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'
                """
            }
        let stored = Set(try storage.read { db in try db.query(query).map { try $0.string("name") } })
        let copied = StudyCopy.tables.map(\.name)
        let declared = copied + StudyCopy.tablesKeptByTriggers
        var problems: [String] = []
        for table in stored.subtracting(declared).sorted() {
            problems.append(
                "table \(table) is in the schema but in no area's tables: declare it in its area's schema, "
                    + ".copied(_:orderedBy:) or .keptByTriggers(_:), or `recover database copy` leaves it behind")
        }
        for table in Set(declared).subtracting(stored).sorted() {
            problems.append("table \(table) is declared by an area but no migration creates it")
        }
        let repeated = Dictionary(grouping: declared, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        if !repeated.isEmpty { problems.append("tables declared twice: \(repeated.joined(separator: ", "))") }
        for table in StudyCopy.tables where stored.contains(table.name) {
            do {
                _ = try storage.read { db in try db.query("SELECT * FROM \(table.name) ORDER BY \(table.order) LIMIT 1")
                }
            } catch {
                problems.append("table \(table.name) cannot be read in its copy order (\(table.order)): \(error)")
            }
        }
        return problems
    }

    @Test func everyTableOfTheSQLiteSchemaIsCopiedOrKeptByTriggers() throws {
        let storage = StudyStorage(try StorageFixture().open(RecoverSchema.migrations, durability: .normal))
        let problems = try Self.problems(in: storage)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
    func everyTableOfThePostgresSchemaIsCopiedOrKeptByTriggers() throws {
        let storage = try RecoverSchema.open(
            postgres: try TestDatabase.newSchemaURL(), configuration: PostgresConfiguration(maximumConnections: 2))
        let problems = try Self.problems(in: storage)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func aTableNoAreaDeclaresIsNamed() throws {
        let storage = StudyStorage(try StorageFixture().open(RecoverSchema.migrations, durability: .normal))
        try storage.write { db in _ = try db.execute("CREATE TABLE forgotten (id TEXT PRIMARY KEY)") }
        let problems = try Self.problems(in: storage)
        #expect(problems.count == 1 && problems[0].hasPrefix("table forgotten is in the schema but in no area's"))
    }

    @Test func eachDatabaseHasEveryMigrationOfItsSideOnce() {
        let all = RecoverSchema.areas.flatMap(\.migrations)
        #expect(RecoverSchema.migrations.map(\.name) == all.filter { $0.sqlite != nil }.map(\.name))
        let postgres = RecoverSchema.postgresMigrations.map(\.name)
        #expect(postgres.sorted() == all.filter { $0.postgres != nil }.map(\.name).sorted())
        #expect(Set(postgres).count == postgres.count)
    }

    @Test func theCareStoresMigrationsArePairedByName() {
        let care = CareOnConnection.schema.migrations
        #expect(care.map(\.name) == SQLiteCareStore.migrations.map(\.name))
        #expect(care.map(\.name) == PostgresCareStore.migrations.map(\.name))
        #expect(care.allSatisfy { $0.sqlite != nil && $0.postgres != nil })
    }
}
