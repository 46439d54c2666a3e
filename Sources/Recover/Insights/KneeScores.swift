import Care
import Foundation

/// The KOOS subscale scores over time, one entry per day the questionnaire was answered for: 100 means no knee
/// problems, 0 extreme problems (REFERENCE.md). A subscale with too few answered items has no value that day.
///
/// ```swift
/// let scores = KneeScores(outcomes: outcomes, today: today)
/// scores.days.last?.scores[.pain]     // 69.4
/// ```
public struct KneeScores: Codable, Hashable, Sendable {
    /// The five KOOS subscales, in the instrument's order; the raw values are the outcome kinds of their scores.
    public enum Subscale: String, Codable, CaseIterable, Hashable, Sendable {
        case symptoms = "koos.symptoms"
        case pain = "koos.pain"
        case dailyLiving = "koos.adl"
        case sport = "koos.sport"
        case qualityOfLife = "koos.qol"

        /// A short name for strings and CSS classes: `symptoms`, `pain`, `adl`, `sport`, `qol`.
        public var slug: String { String(rawValue.dropFirst(5)) }
    }

    /// One day's scores.
    public struct Day: Codable, Hashable, Sendable {
        /// The local day of the questionnaire's event.
        public var day: LocalDate
        /// The scores that have a value, by subscale.
        public var scores: [Subscale: Double]

        /// Creates a `Day` from its members.
        public init(day: LocalDate, scores: [Subscale: Double]) {
            self.day = day
            self.scores = scores
        }
    }

    /// Days with at least one score up to `today`, oldest first; two answers on one day show their mean.
    public var days: [Day]

    /// The scores of `outcomes` as seen on `today`.
    public init(outcomes: [Outcome], today: LocalDate) {
        var byDay: [LocalDate: [Subscale: [Double]]] = [:]
        for subscale in Subscale.allCases {
            for point in OutcomeSeries(kind: subscale.rawValue, outcomes: outcomes).points where point.day <= today {
                byDay[point.day, default: [:]][subscale, default: []].append(point.value)
            }
        }
        days = byDay.keys.sorted().map { day in
            Day(
                day: day,
                scores: (byDay[day] ?? [:]).mapValues { values in values.reduce(0, +) / Double(values.count) })
        }
    }

    /// The latest day's scores, if any.
    public var latest: Day? { days.last }

    /// How much `subscale` changed from its first score to its latest; nil with fewer than two.
    public func change(of subscale: Subscale) -> Double? {
        let values = days.compactMap { $0.scores[subscale] }
        guard values.count >= 2, let first = values.first, let last = values.last else { return nil }
        return last - first
    }
}
