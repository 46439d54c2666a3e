import Foundation

/// What an import keeps and how it groups days.
///
/// ```swift
/// let configuration = HealthImportConfiguration(
///     grantedTypes: [.stepCount, .heartRate], start: enrolment, timeZoneIdentifier: "Europe/Berlin")
/// ```
public struct HealthImportConfiguration: Sendable {
    /// The types the participant granted; every other record is counted as not granted and dropped.
    public var grantedTypes: Set<HealthType>
    /// Samples starting before this instant (the enrolment) are skipped.
    public var start: Date
    /// The zone (an IANA identifier) whose calendar days the aggregates use.
    public var timeZoneIdentifier: String
    /// How many days of raw samples to keep, counted back from the newest kept sample.
    public var recentDays: Int
    /// Bounds that refuse hostile or broken files.
    public var limits: HealthImportLimits

    /// A configuration; `recentDays` is bounded to 0...3660.
    public init(
        grantedTypes: Set<HealthType>, start: Date, timeZoneIdentifier: String, recentDays: Int = 30,
        limits: HealthImportLimits = HealthImportLimits()
    ) {
        self.grantedTypes = grantedTypes
        self.start = start
        self.timeZoneIdentifier = timeZoneIdentifier
        self.recentDays = max(0, min(recentDays, 3660))
        self.limits = limits
    }
}

/// The bounds an import enforces while it streams, whatever the zip's headers claim.
public struct HealthImportLimits: Sendable {
    /// The most uncompressed bytes of `export.xml` read (default 8 GiB).
    public var maximumXMLBytes: Int64
    /// The highest ratio of uncompressed to compressed bytes allowed (default 100).
    public var maximumCompressionRatio: Int64
    /// The ratio is checked once this many uncompressed bytes are out (default 4 MiB), so a small, very
    /// repetitive file still passes.
    public var ratioCheckAfterBytes: Int64

    /// Limits; negative sizes count as 0, a ratio below 1 as 1.
    public init(
        maximumXMLBytes: Int64 = 8 << 30, maximumCompressionRatio: Int64 = 100, ratioCheckAfterBytes: Int64 = 4 << 20
    ) {
        self.maximumXMLBytes = max(0, maximumXMLBytes)
        self.maximumCompressionRatio = max(1, maximumCompressionRatio)
        self.ratioCheckAfterBytes = max(0, ratioCheckAfterBytes)
    }
}
