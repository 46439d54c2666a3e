import Foundation
import Postgres

/// The Recover schema on PostgreSQL: the same areas, names and history as on SQLite, in PostgreSQL's types. Ids
/// and wall-clock texts use `COLLATE "C"` so they sort byte for byte, as SQLite's do; instants are `timestamptz`;
/// stored documents and JSON are `bytea`, kept byte for byte. The audit entry's `recorded_at` stays the text its
/// hash covers.
extension RecoverSchema {
    /// Every migration of a Recover database on PostgreSQL, in the order they are applied: the areas' in turn,
    /// except that a migration with a ``SchemaMigration/postgresAfter`` follows the one it names.
    public static let postgresMigrations: [PostgresMigration] = postgresOrder(areas.flatMap(\.migrations))
        .compactMap { migration in migration.postgres.map { PostgresMigration(name: migration.name, sql: $0) } }

    /// `migrations` in PostgreSQL's order: each in its place, but one naming a ``SchemaMigration/postgresAfter``
    /// right after that one (and after the others placed there before it); one whose anchor is not in the list
    /// goes last, so none is lost.
    static func postgresOrder(_ migrations: [SchemaMigration]) -> [SchemaMigration] {
        var later: [String: [Int]] = [:]
        for (index, migration) in migrations.enumerated() {
            if let anchor = migration.postgresAfter { later[anchor, default: []].append(index) }
        }
        var ordered: [SchemaMigration] = []
        var placed = Set<Int>()
        func place(_ index: Int) {
            guard placed.insert(index).inserted else { return }
            ordered.append(migrations[index])
            for follower in later[migrations[index].name] ?? [] { place(follower) }
        }
        for (index, migration) in migrations.enumerated() where migration.postgresAfter == nil { place(index) }
        for index in migrations.indices { place(index) }
        return ordered
    }

    /// Connects to the study database at `url`, applies the migrations not yet applied (several instances
    /// starting at once apply each once), and records every write in the audit trail as `system` unless the
    /// use case names its actor.
    public static func open(
        postgres url: PostgresURL, configuration: PostgresConfiguration = PostgresConfiguration()
    ) throws -> StudyStorage {
        StudyStorage(
            try PostgresDatabase.open(
                url, migrations: postgresMigrations, configuration: configuration,
                changeRecorder: AuditRecorder(actor: AuditRecorder.systemActor)))
    }
}
