import Care
import Foundation
import Recover
import RecoverData
import Web

/// `GET /`: the participant's care feed for one day (`?day=YYYY-MM-DD`, today by default): the week strip
/// with completion rings, then one card per task with an event that day. Staff go to the console.
enum FeedPage {
    static func show(_ request: Request, study: StudyServices) throws -> Response {
        guard let account = request.account else { return .redirect(to: "/sign-in") }
        if account.role.isStaff { return .redirect(to: "/console") }
        let participant = try ParticipantContext.load(request, study: study)
        // A required consent document has a new version: the feed waits until it is signed (or they withdraw).
        if let pending = participant.state.pendingConsents.first {
            return .redirect(to: "/consent/sign/\(pending.current.documentID)")
        }
        var day = participant.today
        if let text = request.query["day"] {
            guard let chosen = LocalDate(text) else { throw HTTPError(.badRequest, "study.error.badDay") }
            day = chosen
        }
        let weekStart = CareFeed.weekStart(of: day)
        let events = try study.records.feed(for: participant.state, day: day, weekStart: weekStart)
        let feed = CareFeed(
            day: day, today: participant.today, dayEvents: events.day, weekEvents: events.week,
            isOnboarded: participant.isOnboarded, zone: participant.zone)
        let healthCard = try HealthCard.shows(request, participant: participant, day: day, study: study)
        let contactCard = try ContactCard.feedCard(request, study: study)
        return .html(
            render(feed, drafts: events.drafts, request: request, healthCard: healthCard, contactCard: contactCard))
    }

    static func render(
        _ feed: CareFeed, drafts: Set<String> = [], request: Request, healthCard: Bool = false,
        contactCard: HTML = .empty
    ) -> HTML {
        let t = Localizer(request.language)
        let notice: HTML = feed.isOnboarded ? .empty : "<p class=\"notice\">\(t["feed.gated"])</p>"
        let cards = feed.cards.map {
            card(for: $0, today: feed.today, hasDraft: drafts.contains("\($0.taskID)/\($0.occurrence)"), t: t)
        }
        let list: HTML =
            cards.isEmpty
            ? "<p>\(t["feed.empty"])</p>"
            : "<div class=\"task-list\">\(cards)</div>"
        let heading = feed.day == feed.today ? t["feed.today"] : StudyText.longDate(feed.day, t)
        return Layout.page(
            title: t["feed.title"], request: request,
            body: """
                \(StudyAssets.pageHead)
                <h1>\(t["feed.title"])</h1>
                \(WeekStrip.render(feed, t: t))
                <h2 id="day-heading">\(heading)</h2>
                \(notice)
                \(list)
                \(healthCard ? HealthCard.render(request) : HTML.empty)
                \(contactCard)
                """)
    }

    static func card(for card: FeedCard, today: LocalDate, hasDraft: Bool, t: Localizer) -> HTML {
        let id = "card-\(card.studyTaskID)-\(card.occurrence)"
        let status: String
        switch card.state {
        case .due: status = card.time.map { t("card.state.dueAt", ["time": StudyText.time($0)]) } ?? t["card.state.due"]
        case .done: status = t["card.state.done"]
        case .future: status = t["card.state.future"]
        case .late: status = t["card.state.late"]
        }
        let summaryText = AnswerSummaryText.text(card.summary, t: t)
        let answers: HTML = summaryText.isEmpty ? .empty : "<p class=\"task-answers\">\(summaryText)</p>"
        var actions: [HTML] = []
        let path = "\(card.studyTaskID)/\(card.occurrence)"
        if card.canStart {
            let label = hasDraft ? t["card.continue"] : t["card.start"]
            actions.append("<a class=\"button\" href=\"/survey/\(path)\">\(label)</a>")
        }
        if card.canDelete(on: today) {
            actions.append(
                "<a class=\"button button--secondary\" href=\"/answer/\(path)/delete\">\(t["card.deleteAnswer"])</a>")
        }
        let actionRow: HTML = actions.isEmpty ? .empty : "<div class=\"task-actions\">\(actions)</div>"
        return """
            <article class="task-card is-\(card.state.rawValue)" aria-labelledby="\(id)" data-task="\(card.studyTaskID)">
            <div class="task-card-header">
            <h3 class="task-title" id="\(id)">\(t["task.\(card.studyTaskID).title"])</h3>
            <span class="task-status">\(status)</span>
            </div>
            <p class="task-instructions">\(t["task.\(card.studyTaskID).instructions"])</p>
            \(answers)
            \(actionRow)
            </article>
            """
    }
}
