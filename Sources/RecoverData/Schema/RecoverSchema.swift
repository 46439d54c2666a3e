import Foundation
import SQLite

/// The one owner of the Recover database's schema: every area, in dependency order, from which both databases'
/// migration lists and `StudyCopy`'s tables are made, and the opening of the file with the audit trail as its
/// change recorder.
///
/// ```swift
/// let database = try RecoverSchema.open(dataDirectory: folder)
/// ```
///
/// Adding a stored kind of record: its area (tables and migrations on both databases) in its own
/// `+Migrations.swift`, and one line in ``areas`` here (docs/architecture.md).
public enum RecoverSchema {
    /// Every area of the schema, in the order their migrations are applied. The audit trail comes first: every
    /// store writes to it. A new area goes after the areas whose tables it refers to.
    public static let areas: [SchemaArea] = [
        AuditTrail.schema, AccountStore.schema, SurveyDataStore.schema, CareOnConnection.schema, ConsentStore.schema,
        ConsentSigning.schema, ConsoleQueries.schema, BackgroundJobs.schema, HealthStore.schema, MessageOutbox.schema,
        ReminderPreferenceStore.schema, CalendarFeedStore.schema, StudyContactStore.schema, PushSubscriptions.schema,
        OutcomeCorrections.schema, StudyVersionStore.schema, FeedVersionStore.schema, ConsoleAggregates.schema,
        OutcomeValueTable.schema,
    ]

    /// Every migration of a Recover database on SQLite, in the order they are applied: the areas' in turn.
    public static let migrations: [Migration] = areas.flatMap(\.sqliteMigrations)

    /// Opens or creates the database at `url` with `migrations` (all of them by default; tests may ask for
    /// fewer areas), the audit trail's always first, and every write audited as `system` unless the use
    /// case names its actor.
    public static func open(
        at url: URL, migrations: [Migration] = RecoverSchema.migrations,
        configuration: DatabaseConfiguration = DatabaseConfiguration()
    ) throws -> Database {
        let audit = AuditTrail.schema.sqliteMigrations
        let auditNames = Set(audit.map(\.name))
        return try Database.open(
            at: url, migrations: audit + migrations.filter { !auditNames.contains($0.name) },
            configuration: configuration, changeRecorder: AuditRecorder(actor: AuditRecorder.systemActor))
    }

    /// Opens or creates `recover.sqlite` in a data folder (`--data-dir`), creating the folder if needed.
    public static func open(
        dataDirectory: URL, migrations: [Migration] = RecoverSchema.migrations,
        configuration: DatabaseConfiguration = DatabaseConfiguration()
    ) throws -> Database {
        try open(
            at: dataDirectory.appending(path: Database.fileName), migrations: migrations, configuration: configuration)
    }
}
