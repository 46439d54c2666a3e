import Care
import Foundation
import Recover
import Testing
import Web

@testable import RecoverWeb

/// The week strip's rings and the participant pages' one date format, in both languages.
@Suite struct WeekStripTextTests {
    let day = LocalDate(year: 2026, month: 11, day: 4)!

    func feed() -> CareFeed {
        CareFeed(day: day, today: day, dayEvents: [], weekEvents: [], isOnboarded: true, zone: .gmt)
    }

    @Test func aCompleteDayDrawsItsFullArcWithACheckMark() {
        let html = WeekStrip.day(
            for: DailyAdherence(day: day, dueCount: 3, completed: 3), feed: feed(), t: Localizer(.english)
        )
        .description
        #expect(html.contains("is-complete"))
        #expect(
            html.contains(
                "<circle class=\"ring-value\" cx=\"18\" cy=\"18\" r=\"15.9155\" pathLength=\"100\" stroke-dasharray=\"100 100\"/>"
            ))
        #expect(html.contains("class=\"day-check\""))
        #expect(html.contains("Today, Wednesday 4 November 2026: all done"))
    }

    @Test func aPartialDayHasItsArcAndNoCheckAndNothingDueHasNeither() {
        let partial = WeekStrip.day(
            for: DailyAdherence(day: day, dueCount: 3, completed: 1), feed: feed(), t: Localizer(.english)
        )
        .description
        #expect(partial.contains("stroke-dasharray=\"33 100\"") && !partial.contains("day-check"))
        let none = WeekStrip.day(
            for: DailyAdherence(day: day, dueCount: 0, completed: 0), feed: feed(), t: Localizer(.english)
        )
        .description
        #expect(!none.contains("ring-value") && !none.contains("day-check"))
    }

    @Test func theChineseSentenceUsesAFullWidthColon() {
        let html = WeekStrip.day(
            for: DailyAdherence(day: day, dueCount: 1, completed: 1), feed: feed(), t: Localizer(.simplifiedChinese)
        )
        .description
        #expect(html.contains("今天，2026年11月4日 星期三：全部完成"))
    }

    @Test func datesComeFromTheLanguage() {
        #expect(StudyText.shortDate(day, Localizer(.english)) == "4 Nov")
        #expect(StudyText.shortDate(day, Localizer(.simplifiedChinese)) == "11月4日")
        #expect(ChartFormat(t: Localizer(.simplifiedChinese)).shortDay(day) == "11月4日")
        #expect(StudyText.list(["Kneecap", "Shin"], Localizer(.english)) == "Kneecap, Shin")
        #expect(StudyText.list(["髌骨", "小腿"], Localizer(.simplifiedChinese)) == "髌骨、小腿")
    }
}
