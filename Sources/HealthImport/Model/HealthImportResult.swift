/// An import's outcome: the summary, one aggregate per day, and the raw samples of the most recent days.
public struct HealthImportResult: Codable, Hashable, Sendable {
    /// What was read, kept and skipped.
    public var summary: HealthImportSummary
    /// One entry per day with a figure, oldest first.
    public var days: [DailyHealthAggregate]
    /// Kept samples starting within `HealthImportConfiguration.recentDays` of the newest kept sample's start,
    /// in export order.
    public var recentSamples: HealthSampleList
}
