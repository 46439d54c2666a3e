/// A value's average over the last seven days against the seven days before: the basis of a summary sentence.
public struct WeeklyComparison: Codable, Hashable, Sendable {
    /// How this week's average compares with the week before's, at one decimal.
    public enum Trend: String, Codable, Hashable, Sendable {
        /// Higher than the week before.
        case up
        /// Lower than the week before.
        case down
        /// Equal at one decimal.
        case same
        /// This week has values but the week before has none.
        case noPreviousWeek
        /// This week has no values.
        case noValues
    }

    /// The mean over the last seven days (today included), if any value was recorded.
    public var thisWeek: Double?
    /// The mean over the seven days before those, if any value was recorded.
    public var previousWeek: Double?

    /// A comparison of two optional means.
    public init(thisWeek: Double?, previousWeek: Double?) {
        self.thisWeek = thisWeek
        self.previousWeek = previousWeek
    }

    /// The comparison of the values of `days` chosen by `value`; `days` must end on `today`.
    init(days: [CheckinDay], todayNumber today: Int, value: (CheckinDay) -> Double?) {
        func mean(_ range: ClosedRange<Int>) -> Double? {
            let values = days.filter { range.contains($0.day.dayNumber) }.compactMap(value)
            return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        }
        thisWeek = mean((today - 6)...today)
        previousWeek = mean((today - 13)...(today - 7))
    }

    /// The direction of change, comparing the means rounded to one decimal as they are shown.
    public var trend: Trend {
        guard let thisWeek else { return .noValues }
        guard let previousWeek else { return .noPreviousWeek }
        let now = Self.rounded(thisWeek)
        let before = Self.rounded(previousWeek)
        if now > before { return .up }
        if now < before { return .down }
        return .same
    }

    /// A value rounded to one decimal, as summaries show it.
    public static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
