import Recover
import Web

/// The one-sentence summaries of the insights page, in the page's language.
///
/// ```swift
/// InsightsSummary(insights: insights, t: t).pain
/// // "Your average pain this week was 3.4, down from 4.1 the week before."
/// ```
struct InsightsSummary {
    let insights: RecoveryInsights
    let t: Localizer

    private var format: ChartFormat { ChartFormat(t: t) }

    /// This week's mean pain against last week's.
    var pain: String { sentence(insights.pain, prefix: "insights.summary.pain") }

    /// This week's mean sleep against last week's.
    var sleep: String { sentence(insights.sleep, prefix: "insights.summary.sleep") }

    /// The latest range of motion against the goal.
    var range: String {
        let goal = insights.targetKneeBend.map(format.whole)
        guard let latest = insights.latestRange else {
            return goal.map { t("insights.summary.range.noneWithGoal", ["goal": $0]) }
                ?? t["insights.summary.range.none"]
        }
        let degrees = format.whole(latest.degrees)
        guard let goal, let remaining = insights.degreesToGoal else {
            return t("insights.summary.range.latest", ["latest": degrees])
        }
        if remaining.rounded() <= 0 {
            return t("insights.summary.range.reached", ["latest": degrees, "goal": goal])
        }
        return t(
            "insights.summary.range.short", ["latest": degrees, "goal": goal, "remaining": format.whole(remaining)])
    }

    private func sentence(_ comparison: WeeklyComparison, prefix: String) -> String {
        let values = [
            "this": comparison.thisWeek.map(format.decimal) ?? "",
            "previous": comparison.previousWeek.map(format.decimal) ?? "",
        ]
        return t("\(prefix).\(comparison.trend.rawValue)", values)
    }
}
