import Foundation
import RecoverData

/// What the participant pages need beyond ``WebServices``: the study's records and the study clock.
///
/// ```swift
/// let study = StudyServices(records: StudyDatabase(database: database, signingKey: key))
/// StudyRoutes.add(to: &router, services: services, study: study)
/// ```
public struct StudyServices: Sendable {
    /// The study's records and use cases.
    public let records: any ParticipantStore
    /// The study's current instant: when answers are given, and which day is "today". Production passes the
    /// real clock; debug builds may shift it by whole days (`recover serve --fake-today-file`).
    public let now: @Sendable () -> Date
    /// The participant pages rendered per key (their ``PageTag``: the feed, survey steps), shared by every
    /// request of this process.
    public let pages: PageCache
    /// Runs as the answer to a survey page post is rendered, after its write transaction ended; nothing in
    /// production. A test watches it to see that no write is held while a page renders (docs/architecture.md).
    public let willRender: @Sendable () -> Void

    /// Services over `records` with the study clock `now`, the page cache `pages` and the render watch
    /// `willRender`.
    public init(
        records: any ParticipantStore, now: @escaping @Sendable () -> Date = { Date() }, pages: PageCache = PageCache(),
        willRender: @escaping @Sendable () -> Void = {}
    ) {
        self.records = records
        self.now = now
        self.pages = pages
        self.willRender = willRender
    }
}
