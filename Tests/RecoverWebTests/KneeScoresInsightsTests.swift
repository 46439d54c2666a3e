import Care
import Foundation
import Recover
import RecoverData
import Testing
import Web

/// The KOOS section of insights: a line per subscale, the meaning and the change in words, a table with the days
/// a subscale had too few answers; left out before the first questionnaire.
@Suite struct KneeScoresInsightsTests {
    private func scores(_ values: [KneeScores.Subscale: Double]) -> [OutcomeValue] {
        values.sorted { $0.key.rawValue < $1.key.rawValue }.map {
            OutcomeValue(.double($0.value), kind: $0.key.rawValue)
        }
    }

    @Test func subscaleScoresAreChartedAndSaidInWords() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        try harness.completeOnboarding(pat)
        var browser = harness.browser(signingIn: "pat@example.com")
        #expect(!browser.get("/insights").text.contains("koos-heading"))

        let today = harness.today()
        // Any task's outcome counts: the insights select values by kind.
        try harness.record(
            pat.checkin, on: today.addingDays(-21),
            values: scores([.symptoms: 50, .pain: 55.5, .dailyLiving: 60, .qualityOfLife: 25]))
        try harness.record(
            pat.checkin, on: today,
            values: scores([.symptoms: 67.857, .pain: 69.444, .dailyLiving: 70.3125, .sport: 40, .qualityOfLife: 25]))
        let page = browser.get("/insights").text
        #expect(page.contains("Your knee questionnaire (KOOS)"))
        #expect(page.contains("Higher is better: 100 means no problems with your knee, 0 means extreme problems."))
        #expect(page.contains("Symptoms 68, Pain 69, Daily living 70, Sport and recreation 40, Quality of life 25."))
        #expect(
            page.contains(
                "Since your first questionnaire: Symptoms up 18 points, Pain up 14 points, Daily living up 10 points, Quality of life unchanged."
            ))
        // Five lines, each with its own marker; sport has one point only.
        for slug in ["symptoms", "pain", "adl", "sport", "qol"] {
            #expect(page.contains("<polyline class=\"chart-line--\(slug)\""), "\(slug)")
        }
        #expect(page.components(separatedBy: "class=\"chart-mark--pain\"").count - 1 == 3)  // 2 points + legend
        // The table: the first day had no sport score.
        let first = today.addingDays(-21).description
        #expect(
            page.contains(
                "<tr><th scope=\"row\">\(first)</th><td>50</td><td>56</td><td>60</td><td class=\"chart-missing-value\">not enough answers</td><td>25</td></tr>"
            ))
    }

    @Test func chineseParticipantsReadTheScoresInChinese() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        try harness.completeOnboarding(pat)
        try harness.record(pat.checkin, on: harness.today(), values: scores([.pain: 80, .symptoms: 75]))
        var browser = harness.browser(signingIn: "pat@example.com")
        browser.headers["accept-language"] = "zh-Hans"
        let page = browser.get("/insights").text
        #expect(page.contains("您的膝关节问卷（KOOS）"))
        #expect(page.contains("得分越高越好"))
        #expect(page.contains("症状 75，疼痛 80，日常生活 回答不足"))
    }
}
