import HealthImport

/// One stored daily figure of a participant: a sum (steps, distance, energy, seconds asleep) or a range of
/// readings (heart rate, blood pressure) of one type on one local day.
///
/// ```swift
/// for figure in try records.healthDays(participantID: id, from: first, through: last) where figure.type == .stepCount {
///     print(figure.day, figure.total ?? 0)
/// }
/// ```
public struct HealthDailyFigure: Codable, Hashable, Sendable {
    /// The local day (in the import's time zone; for sleep, the wake-up date).
    public var day: HealthDay
    /// What was measured.
    public var type: HealthType
    /// The day's sum in `type.unit`, for summed types and sleep.
    public var total: Double?
    /// The lowest reading, for heart rate and blood pressure.
    public var minimum: Double?
    /// The mean of the readings.
    public var mean: Double?
    /// The highest reading.
    public var maximum: Double?
    /// How many readings.
    public var count: Int?

    /// A figure from its fields; a sum has `total`, a range the other four.
    public init(
        day: HealthDay, type: HealthType, total: Double? = nil, minimum: Double? = nil, mean: Double? = nil,
        maximum: Double? = nil, count: Int? = nil
    ) {
        self.day = day
        self.type = type
        self.total = total
        self.minimum = minimum
        self.mean = mean
        self.maximum = maximum
        self.count = count
    }

    /// The figures of one imported day, one per type with a value.
    public static func figures(of aggregate: DailyHealthAggregate) -> [HealthDailyFigure] {
        let day = aggregate.day
        let sums: [(HealthType, Double?)] = [
            (.stepCount, aggregate.steps), (.distanceWalkingRunning, aggregate.distanceMetres),
            (.activeEnergyBurned, aggregate.activeEnergyKilocalories),
            (.basalEnergyBurned, aggregate.basalEnergyKilocalories), (.sleepAnalysis, aggregate.sleepSeconds),
        ]
        let ranges: [(HealthType, ReadingRange?)] = [
            (.heartRate, aggregate.heartRate), (.bloodPressureSystolic, aggregate.systolic),
            (.bloodPressureDiastolic, aggregate.diastolic),
        ]
        return sums.compactMap { type, total in total.map { HealthDailyFigure(day: day, type: type, total: $0) } }
            + ranges.compactMap { type, range in
                range.map {
                    HealthDailyFigure(
                        day: day, type: type, minimum: $0.minimum, mean: $0.mean, maximum: $0.maximum, count: $0.count)
                }
            }
    }

    /// Whether every value is a finite, non-negative number and the count is positive where there is one.
    var isPlausible: Bool {
        let values = [total, minimum, mean, maximum].compactMap { $0 }
        return values.allSatisfy { $0.isFinite && $0 >= 0 } && (count.map { $0 > 0 } ?? true)
    }
}
