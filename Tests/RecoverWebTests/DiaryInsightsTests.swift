import Care
import Foundation
import Recover
import RecoverData
import RecoverWeb
import Testing
import Web

/// "Your knee" on insights: the parts reported most often in the weekly diary.
struct DiaryInsightsTests {
    func diary(_ harness: RecordsHarness, _ pat: RecordsHarness.Participant, weeksAgo: Int, parts: [String]) throws {
        let task = try #require(pat.tasks.first { $0.groupIdentifier == StudyTaskID.weeklyDiary })
        // The participant was onboarded 42 days ago, so the diary falls on today and every 7 days before.
        let day = harness.today(zone: pat.zone).addingDays(-7 * weeksAgo)
        let values =
            [OutcomeValue(.integer(6), kind: DiaryOutcomeMapping.Kind.health)]
            + parts.map { OutcomeValue(.text($0), kind: DiaryOutcomeMapping.Kind.bodyParts) }
        try harness.record(task, on: day, zone: pat.zone, values: values)
    }

    @Test func kneeCardListsTheMostOftenReportedPartsFirst() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com", days: 42)
        try harness.completeOnboarding(pat)
        try diary(harness, pat, weeksAgo: 0, parts: ["patella", "calf"])
        try diary(harness, pat, weeksAgo: 1, parts: ["calf"])
        try diary(harness, pat, weeksAgo: 2, parts: ["calf", "medialJointLine"])
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/insights").text
        #expect(page.contains("<h2 id=\"knee-heading\">Your knee</h2>"))
        let calf = try #require(page.range(of: "Calf: in 3 of your diaries"))
        let patella = try #require(page.range(of: "Kneecap (patella): in 1 of your diaries"))
        #expect(calf.lowerBound < patella.lowerBound)
        #expect(page.contains("Inner side of the knee (medial joint line): in 1 of your diaries"))
    }

    @Test func kneeCardSaysWhenNothingWasReported() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com", days: 42)
        try harness.completeOnboarding(pat)
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/insights").text
        #expect(page.contains("No painful parts reported yet."))
    }
}
