import Care
import Foundation
import Recover
import RecoverData
import RecoverWeb
import Testing
import Web

@Suite struct InsightsPageTests {
    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func insightsRedirectToTheFeedWhileOnboardingHasNoOutcome() throws {
        let harness = try RecordsHarness()
        _ = try harness.participant("pat@example.com")
        var browser = harness.browser(signingIn: "pat@example.com")
        let response = browser.get("/insights")
        #expect(response.status == .seeOther)
        #expect(response.header("Location") == "/")
    }

    @Test func signedOutVisitorsCannotSeeInsights() throws {
        let harness = try RecordsHarness()
        var browser = harness.browser()
        #expect(browser.get("/insights").status != .ok)
    }

    @Test func missingDaysAreGapsNotZeroBars() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        try harness.completeOnboarding(pat)
        try harness.checkin(pat, daysAgo: 0, pain: 3, sleep: 7)
        try harness.checkin(pat, daysAgo: 5, pain: 6, sleep: 5)
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/insights")
        #expect(page.status == .ok)
        #expect(count("class=\"chart-bar--pain\"", in: page.text) == 2)
        #expect(count("class=\"chart-bar--sleep\"", in: page.text) == 2)
        // 28 days, 2 with values: 26 days × 2 columns are "Not recorded" rather than 0.
        #expect(count("Not recorded", in: page.text) == 52)
        #expect(!page.text.contains("<td>0</td>"))
    }

    @Test func painAndSleepAreSeparateSeriesWithTheirOwnValues() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        try harness.completeOnboarding(pat)
        try harness.checkin(pat, daysAgo: 0, pain: 2, sleep: 9)
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/insights").text
        let today = harness.today()
        #expect(page.contains("<tr><th scope=\"row\">\(today)</th><td>2</td><td>9</td></tr>"))
        let pain = try #require(barHeight("chart-bar--pain", in: page))
        let sleep = try #require(barHeight("chart-bar--sleep", in: page))
        #expect(abs(sleep / pain - 4.5) < 0.05)
    }

    @Test func aStaffCorrectionShowsInTheParticipantsCharts() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        try harness.completeOnboarding(pat)
        try harness.checkin(pat, daysAgo: 0, pain: 2, sleep: 9)
        let outcome = try #require(
            try harness.records.outcomes(patientID: pat.account.id).first { $0.taskID == pat.checkin.id })
        _ = try StudyDatabase(database: harness.database).correctOutcome(
            outcomeID: outcome.id, kind: RecoveryInsights.Kind.pain, newValue: 5, reason: "slider slipped",
            participantID: pat.account.id, staffID: "staff-1", at: harness.clock.now)
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/insights").text
        #expect(page.contains("<tr><th scope=\"row\">\(harness.today())</th><td>5</td><td>9</td></tr>"))
        #expect(try harness.records.outcomes(patientID: pat.account.id).contains(outcome), "stored as entered")
    }

    @Test func theSummarySentenceComparesThisWeekWithTheWeekBefore() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        try harness.completeOnboarding(pat)
        try harness.checkin(pat, daysAgo: 0, pain: 3, sleep: 7)
        try harness.checkin(pat, daysAgo: 1, pain: 4, sleep: 7)
        try harness.checkin(pat, daysAgo: 8, pain: 5, sleep: 6)
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/insights").text
        #expect(page.contains("Your average pain this week was 3.5, down from 5.0 the week before."))
        #expect(page.contains("You slept 7.0 hours a night on average this week, up from 6.0 the week before."))
    }

    @Test func theTargetKneeBendFromOnboardingIsTheGoalLine() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        try harness.completeOnboarding(pat, goal: 120)
        try harness.record(
            pat.rangeOfMotion, on: harness.today().addingDays(-38),
            values: [OutcomeValue(.double(92), kind: RecoveryInsights.Kind.range, unit: "deg")])
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/insights").text
        #expect(count("class=\"chart-goal\"", in: page) == 1)
        #expect(page.contains("Goal 120°"))
        #expect(count("class=\"chart-point\"", in: page) == 1)
        #expect(page.contains("Your latest knee bend was 92°, 28° short of your goal of 120°."))
        #expect(page.contains("your goal: 120°"))
    }

    @Test func chartsAreLabelledImagesWithTablesAndNoInlineStyles() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        try harness.completeOnboarding(pat)
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/insights")
        #expect(page.header("Cache-Control") == "no-store")
        #expect(count("role=\"img\"", in: page.text) == 2)
        #expect(page.text.contains("aria-labelledby=\"checkin-chart-title checkin-chart-desc\""))
        #expect(page.text.contains("aria-labelledby=\"range-chart-title range-chart-desc\""))
        #expect(count("<caption>", in: page.text) == 2)
        #expect(!page.text.contains("style="))
        #expect(page.text.contains("You have no range-of-motion measurements yet."))
        #expect(page.text.contains("href=\"/assets/study/v"))
        #expect(page.text.contains("/css/insights.css\""))
    }

    @Test func theChinesePageUsesTheChineseCatalog() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        try harness.completeOnboarding(pat, goal: 110)
        try harness.checkin(pat, daysAgo: 0, pain: 3, sleep: 7)
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/insights", headers: ["Accept-Language": "zh-Hans"]).text
        #expect(page.contains("lang=\"zh-Hans\""))
        #expect(page.contains("您的康复进展"))
        #expect(page.contains("本周您的平均疼痛评分为3.0。"))
        #expect(page.contains("目标 110°"))
    }

    @Test func anotherParticipantsValuesNeverAppear() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        let sam = try harness.participant("sam@example.com")
        try harness.completeOnboarding(pat, goal: 130)
        try harness.completeOnboarding(sam)
        try harness.checkin(pat, daysAgo: 0, pain: 8, sleep: 3)
        var browser = harness.browser(signingIn: "sam@example.com")
        let page = browser.get("/insights").text
        #expect(!page.contains("chart-bar--pain\" x"))
        #expect(count("Not recorded", in: page) == 56)
        #expect(!page.contains("130°"))
    }

    /// The height attribute of the first bar with `style`.
    private func barHeight(_ style: String, in page: String) -> Double? {
        guard let bar = page.range(of: "class=\"\(style)\"") else { return nil }
        let rest = page[bar.upperBound...]
        guard let height = rest.range(of: "height=\"") else { return nil }
        let value = rest[height.upperBound...].prefix { $0 != "\"" }
        return Double(value)
    }
}
