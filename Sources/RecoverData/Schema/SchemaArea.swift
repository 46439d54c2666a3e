import SQLite

/// One area of the Recover schema: the tables it creates and its migrations on both databases. Each area declares
/// its value in its own `+Migrations.swift` (`AccountStore.schema`, `HealthStore.schema`); ``RecoverSchema/areas``
/// lists them in the order they depend on each other, and both databases' migration lists and
/// `StudyCopy.tables` are made from that one list.
///
/// ```swift
/// extension CalendarFeedStore {
///     static let schema = SchemaArea(
///         tables: [.copied("calendar_feed", orderedBy: "participant_id")],
///         migrations: [SchemaMigration(name: "calendar-001-feed", sqlite: "...", postgres: "...")])
/// }
/// ```
public struct SchemaArea: Sendable {
    /// The tables the area's migrations create, parents before the tables whose rows refer to them.
    public let tables: [SchemaTable]
    /// The area's migrations, in the order they are applied. Never edit one that has landed; append a new one.
    public let migrations: [SchemaMigration]

    /// An area with its tables and migrations.
    public init(tables: [SchemaTable], migrations: [SchemaMigration]) {
        self.tables = tables
        self.migrations = migrations
    }
}

extension SchemaArea {
    /// The area's migrations on SQLite, in order (for a test that opens a database with some areas only).
    public var sqliteMigrations: [Migration] {
        migrations.compactMap { migration in migration.sqlite.map { Migration(name: migration.name, sql: $0) } }
    }
}
