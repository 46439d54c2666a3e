/// One day's figures from an export, in the import's time zone, each nil when the day has no granted sample.
///
/// Sums count each hour once: when several sources recorded the same type in the same hour, the source with
/// the largest total for that hour counts (docs/health-import.md, "No double counting").
public struct DailyHealthAggregate: Codable, Hashable, Sendable {
    /// The local day.
    public var day: HealthDay
    /// Steps taken (samples starting on this day).
    public var steps: Double?
    /// Distance walked or run, metres.
    public var distanceMetres: Double?
    /// Active energy, kilocalories.
    public var activeEnergyKilocalories: Double?
    /// Resting (basal) energy, kilocalories.
    public var basalEnergyKilocalories: Double?
    /// Heart rate readings over the day (all sources).
    public var heartRate: ReadingRange?
    /// Systolic blood pressure readings over the day (mmHg).
    public var systolic: ReadingRange?
    /// Diastolic blood pressure readings over the day (mmHg).
    public var diastolic: ReadingRange?
    /// Seconds asleep in the night that ended on the morning of this day (the wake-up date).
    public var sleepSeconds: Double?

    /// A day with no figures yet.
    public init(day: HealthDay) {
        self.day = day
    }
}

/// The lowest, mean and highest of a day's readings.
public struct ReadingRange: Codable, Hashable, Sendable {
    /// The lowest reading.
    public var minimum: Double
    /// The arithmetic mean of the readings.
    public var mean: Double
    /// The highest reading.
    public var maximum: Double
    /// How many readings.
    public var count: Int
}
