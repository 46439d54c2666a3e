import CareSQLite
import Foundation

/// What the participant pages need beyond ``WebServices``: the database with the care, survey and consent
/// stores, and the study clock.
///
/// ```swift
/// let study = StudyServices(database: database)
/// let app = WebApp(services: services) { router, services in
///     StudyRoutes.add(to: &router, services: services, study: study)
/// }
/// ```
public struct StudyServices: Sendable {
    /// The Recover database, opened with ``migrations``.
    public let database: Database
    /// The study's current instant: when answers are given, and which day is "today". Production passes the
    /// real clock; debug builds may shift it by whole days (`recover serve --fake-today-file`).
    public let now: @Sendable () -> Date

    /// Services over `database` with the study clock `now`.
    public init(database: Database, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    /// The migrations the participant pages need, after the account migrations.
    public static let migrations: [Migration] =
        SurveyDataStore.migrations + SQLiteCareStore.migrations + ConsentStore.migrations + ConsentSigning.migrations
}
