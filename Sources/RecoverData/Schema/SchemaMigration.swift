import Postgres
import SQLite

/// One migration of the Recover schema on both databases: its name and its SQL on SQLite and on PostgreSQL, side
/// by side. Both texts are string literals, frozen once landed: a deployed database keeps each applied
/// migration's checksum and refuses to open when its text changed (`MigrationHistoryTests` pins them). To change
/// the schema, append a new migration.
///
/// ```swift
/// SchemaMigration(
///     name: "calendar-001-feed",
///     sqlite: "CREATE TABLE calendar_feed (participant_id TEXT PRIMARY KEY NOT NULL, ...);",
///     postgres: #"CREATE TABLE calendar_feed (participant_id text COLLATE "C" PRIMARY KEY, ...);"#)
/// ```
public struct SchemaMigration: Hashable, Sendable {
    /// The unique name, `<area>-<number>-<what>`, the same on both databases.
    public let name: String
    /// The statements on SQLite; nil when this migration has no SQLite side.
    public let sqlite: String?
    /// The statements on PostgreSQL; nil when this migration has no PostgreSQL side.
    public let postgres: String?
    /// The migration this one's PostgreSQL side is applied after, when that is not its place in the list: its
    /// PostgreSQL twin landed later than its SQLite side, after another area's, and fresh databases keep the
    /// order deployed ones applied them in. nil: in its place.
    public let postgresAfter: String?

    /// A migration with its SQL on each database (nil for a side it does not have).
    public init(name: String, sqlite: String?, postgres: String?, postgresAfter: String? = nil) {
        self.name = name
        self.sqlite = sqlite
        self.postgres = postgres
        self.postgresAfter = postgresAfter
    }
}

extension SchemaMigration {
    /// The migrations of two lists kept apart (a module's own SQLite and PostgreSQL stores) as pairs, matched by
    /// name, in the SQLite list's order; a migration of one list only has no side on the other database.
    static func pairing(sqlite: [Migration], postgres: [PostgresMigration]) -> [SchemaMigration] {
        let sqliteNames = Set(sqlite.map(\.name))
        let postgresSQL = Dictionary(postgres.map { ($0.name, $0.sql) }, uniquingKeysWith: { first, _ in first })
        return sqlite.map { SchemaMigration(name: $0.name, sqlite: $0.sql, postgres: postgresSQL[$0.name]) }
            + postgres.filter { !sqliteNames.contains($0.name) }.map {
                SchemaMigration(name: $0.name, sqlite: nil, postgres: $0.sql)
            }
    }
}
