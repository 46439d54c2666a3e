import Care
import Foundation
import Research

/// What the insights page shows, computed from a participant's outcomes: pain and sleep per local day for the
/// last four weeks, range of motion over time, the target knee bend, weekly comparisons, and the KOOS scores.
///
/// Values are selected by kind, never by position, so the two series of one check-in stay apart (CareKit
/// defect 8), and a day without a value stays a gap (`nil`), never zero.
///
/// ```swift
/// let insights = RecoveryInsights(outcomes: outcomes, today: today)
/// insights.checkinDays.count      // 28, oldest first
/// insights.pain.trend             // .down
/// insights.targetKneeBend         // 120, from the onboarding goals
/// ```
public struct RecoveryInsights: Codable, Hashable, Sendable {
    /// The outcome kinds the insights read.
    public enum Kind {
        /// Pain, 1-10, from the check-in.
        public static let pain = RecoverSurveys.Checkin.pain
        /// Sleep in hours, from the check-in.
        public static let sleep = RecoverSurveys.Checkin.sleep
        /// The knee's range of motion in degrees.
        public static let range = RangeOfMotionOutcomeMapping.kind
        /// The target knee bend in degrees, from the onboarding goals.
        public static let targetKneeBend = RecoverSurveys.Onboarding.targetKneeBend
        /// The onboarding completion date: its presence means onboarding is done.
        public static let onboardingCompletion = OnboardingOutcomeMapping.completionKind
    }

    /// How many days the pain and sleep chart covers.
    public static let chartDays = 28

    /// The participant's today.
    public var today: LocalDate
    /// One entry per day from `today - 27` through `today`, oldest first.
    public var checkinDays: [CheckinDay]
    /// Every range-of-motion measurement, oldest first.
    public var rangeOfMotion: [RangeOfMotionPoint]
    /// The target knee bend in degrees from the latest onboarding goals that gave one.
    public var targetKneeBend: Double?
    /// The operated knee from onboarding (the left knee for participants who never named one).
    public var operatedKnee: BodySide
    /// Mean pain this week against last week.
    public var pain: WeeklyComparison
    /// Mean sleep this week against last week.
    public var sleep: WeeklyComparison
    /// The KOOS subscale scores over time.
    public var kneeScores: KneeScores

    /// The insights of `outcomes` (any tasks; deleted outcomes and outcomes without an event date are ignored)
    /// as seen on `today`. When a day has several values of one kind, the day shows their mean.
    public init(outcomes: [Outcome], today: LocalDate, days: Int = RecoveryInsights.chartDays) {
        self.today = today
        let first = today.addingDays(-(max(days, 1) - 1))
        let painByDay = Self.dailyMeans(OutcomeSeries(kind: Kind.pain, outcomes: outcomes))
        let sleepByDay = Self.dailyMeans(OutcomeSeries(kind: Kind.sleep, outcomes: outcomes))
        checkinDays = (first.dayNumber...today.dayNumber).map { number in
            let day = LocalDate(dayNumber: number)
            return CheckinDay(day: day, pain: painByDay[day], sleep: sleepByDay[day])
        }
        rangeOfMotion = OutcomeSeries(kind: Kind.range, outcomes: outcomes).points
            .filter { $0.day <= today }
            .map { RangeOfMotionPoint(day: $0.day, degrees: $0.value) }
        targetKneeBend = Self.latestValue(ofKind: Kind.targetKneeBend, in: outcomes)
        let onboarding = outcomes.filter(\.isLive).last { !$0.values(ofKind: Kind.onboardingCompletion).isEmpty }
        operatedKnee = SurgeryDetails(onboardingValues: onboarding?.values ?? []).knee
        // The weekly comparison needs two weeks whatever the chart's length.
        let comparisonDays = (today.addingDays(-13).dayNumber...today.dayNumber).map { number in
            let day = LocalDate(dayNumber: number)
            return CheckinDay(day: day, pain: painByDay[day], sleep: sleepByDay[day])
        }
        pain = WeeklyComparison(days: comparisonDays, todayNumber: today.dayNumber) { $0.pain }
        sleep = WeeklyComparison(days: comparisonDays, todayNumber: today.dayNumber) { $0.sleep }
        kneeScores = KneeScores(outcomes: outcomes, today: today)
    }

    /// The latest range-of-motion measurement, if any.
    public var latestRange: RangeOfMotionPoint? { rangeOfMotion.last }

    /// Degrees still to go to the goal from the latest measurement (zero once reached); nil without both.
    public var degreesToGoal: Double? {
        guard let targetKneeBend, let latestRange else { return nil }
        return max(0, targetKneeBend - latestRange.degrees)
    }

    /// Whether `outcomes` include a completed onboarding: the gate of the participant's study pages.
    public static func hasCompletedOnboarding(_ outcomes: [Outcome]) -> Bool {
        outcomes.contains { $0.isLive && !$0.values(ofKind: Kind.onboardingCompletion).isEmpty }
    }

    static func dailyMeans(_ series: OutcomeSeries) -> [LocalDate: Double] {
        let grouped = Dictionary(grouping: series.points, by: \.day)
        return grouped.mapValues { points in points.map(\.value).reduce(0, +) / Double(points.count) }
    }

    /// The numeric value of `kind` in the most recently recorded live outcome that has one.
    static func latestValue(ofKind kind: String, in outcomes: [Outcome]) -> Double? {
        let candidates = outcomes.filter(\.isLive).compactMap { outcome -> (Date, Double)? in
            guard let value = outcome.values(ofKind: kind).last?.numericValue else { return nil }
            return (outcome.updatedDate, value)
        }
        return candidates.max { $0.0 < $1.0 }?.1
    }
}
