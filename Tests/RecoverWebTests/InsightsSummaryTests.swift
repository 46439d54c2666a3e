import Care
import Foundation
import Recover
import RecoverData
import Testing
import Web

@testable import RecoverWeb

@Suite struct InsightsSummaryTests {
    let today = LocalDate(year: 2026, month: 11, day: 29)!

    private func insights(range: [Double], goal: Double?) -> RecoveryInsights {
        var insights = RecoveryInsights(outcomes: [], today: today)
        insights.rangeOfMotion = range.enumerated().map { index, degrees in
            RangeOfMotionPoint(day: today.addingDays(index - range.count), degrees: degrees)
        }
        insights.targetKneeBend = goal
        return insights
    }

    @Test func theRangeSentenceSaysHowFarTheGoalIs() {
        let t = Localizer(.english)
        #expect(
            InsightsSummary(insights: insights(range: [80, 104], goal: 110), t: t).range
                == "Your latest knee bend was 104°, 6° short of your goal of 110°.")
        #expect(
            InsightsSummary(insights: insights(range: [112], goal: 110), t: t).range
                == "Your latest knee bend was 112°, which reaches your goal of 110°.")
        #expect(
            InsightsSummary(insights: insights(range: [95], goal: nil), t: t).range
                == "Your latest knee bend was 95°.")
        #expect(
            InsightsSummary(insights: insights(range: [], goal: 120), t: t).range
                == "You have no range-of-motion measurements yet; your goal is 120°.")
    }

    @Test func everyTrendHasASentenceInBothLanguages() {
        for language in Language.allCases {
            let t = Localizer(language)
            for trend in ["up", "down", "same", "noPreviousWeek", "noValues"] {
                for series in ["pain", "sleep"] {
                    let key = "insights.summary.\(series).\(trend)"
                    #expect(t[key] != key, "\(key) in \(language)")
                }
            }
        }
    }

    @Test func aWeekWithoutAnswersSaysSoInsteadOfAZeroAverage() {
        let sentence = InsightsSummary(insights: RecoveryInsights(outcomes: [], today: today), t: Localizer(.english))
        #expect(sentence.pain == "You have not recorded any pain this week yet.")
        #expect(sentence.sleep == "You have not recorded any sleep this week yet.")
    }
}
