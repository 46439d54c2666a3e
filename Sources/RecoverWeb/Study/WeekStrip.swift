import Care
import Foundation
import Recover
import Web

/// The week strip of the feed: seven days with completion rings, previous and next week, today marked.
enum WeekStrip {
    static func render(_ feed: CareFeed, t: Localizer) -> HTML {
        let first = CareFeed.weekStart(of: feed.day)
        let days = feed.week.map { day(for: $0, feed: feed, t: t) }
        return """
            <nav class="week-strip" aria-label="\(t["feed.week"])">
            <div class="week-nav">
            <a href="/?day=\(first.addingDays(-7).description)">\(t["feed.previousWeek"])</a>
            <a href="/?day=\(first.addingDays(7).description)">\(t["feed.nextWeek"])</a>
            </div>
            <ol>\(days)</ol>
            </nav>
            """
    }

    static func day(for adherence: DailyAdherence, feed: CareFeed, t: Localizer) -> HTML {
        let date = adherence.day
        var classes = ["day"]
        let state: String
        // The value arc's length in percent; none for a day with nothing due.
        var percent: Int?
        var check: HTML = .empty
        switch adherence.state {
        case .nothingDue:
            classes.append("is-none")
            state = t["feed.dayState.none"]
        case .complete:
            classes.append("is-complete")
            state = t["feed.dayState.complete"]
            percent = 100
            check = """
                <svg class="day-check" viewBox="0 0 16 16" aria-hidden="true" focusable="false">\
                <circle cx="8" cy="8" r="8"/><path d="M4.5 8.5l2.3 2.3 4.7-5"/></svg>
                """
        case .notStarted, .partial:
            classes.append("is-partial")
            let done = Int(((adherence.fraction ?? 0) * 100).rounded())
            state = t("feed.dayState.partial", ["percent": String(done)])
            percent = done
        }
        let ring: HTML =
            percent.map {
                """
                <circle class="ring-value" cx="18" cy="18" r="15.9155" pathLength="100" stroke-dasharray="\($0) 100"/>
                """
            } ?? .empty
        if date == feed.today { classes.append("is-today") }
        if date > feed.today { classes.append("is-future") }
        let current: HTML =
            date == feed.day ? (date == feed.today ? " aria-current=\"date\"" : " aria-current=\"true\"") : .empty
        let todayPrefix = date == feed.today ? t["feed.todayPrefix"] : ""
        let sentence = t("feed.daySentence", ["date": todayPrefix + StudyText.longDate(date, t), "state": state])
        return """
            <li><a class="\(classes.joined(separator: " "))" href="/?day=\(date.description)"\(current)>
            <span class="day-name" aria-hidden="true">\(t["weekday.short.\(date.weekday.rawValue)"])</span>
            <span class="day-dial" aria-hidden="true">
            <svg class="ring" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
            <circle class="ring-track" cx="18" cy="18" r="15.9155"/>\(ring)
            </svg>
            <span class="day-number">\(date.day)</span>\(check)
            </span>
            <span class="visually-hidden">\(sentence)</span>
            </a></li>
            """
    }
}
