import CareSQLite
import Foundation
import SQLite

/// The one owner of the Recover database's schema: every area's migrations, assembled once, in dependency
/// order, and the opening of the file with the audit trail as its change recorder.
///
/// ```swift
/// let database = try RecoverSchema.open(dataDirectory: folder)
/// ```
///
/// Adding a stored kind of record: its migrations go into ``migrations`` here (docs/architecture.md).
public enum RecoverSchema {
    /// Every migration of a Recover database, in the order they are applied. The audit trail comes first:
    /// every store writes to it.
    public static let migrations: [Migration] =
        AuditTrail.migrations + AccountStore.migrations + SurveyDataStore.migrations + SQLiteCareStore.migrations
        + ConsentStore.migrations + ConsentSigning.migrations + ConsoleQueries.migrations + [BackgroundJobs.migration]
        + HealthStore.migrations + MessageOutbox.migrations + ReminderPreferenceStore.migrations
        + CalendarFeedStore.migrations + StudyContactStore.migrations + PushSubscriptions.migrations
        + OutcomeCorrections.migrations + StudyVersionStore.migrations + FeedVersionStore.migrations
        + ConsoleAggregates.migrations + OutcomeValueTable.migrations

    /// Opens or creates the database at `url` with `migrations` (all of them by default; tests may ask for
    /// fewer areas), the audit trail's always first, and every write audited as `system` unless the use
    /// case names its actor.
    public static func open(
        at url: URL, migrations: [Migration] = RecoverSchema.migrations,
        configuration: DatabaseConfiguration = DatabaseConfiguration()
    ) throws -> Database {
        let audit = Set(AuditTrail.migrations.map(\.name))
        return try Database.open(
            at: url, migrations: AuditTrail.migrations + migrations.filter { !audit.contains($0.name) },
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
