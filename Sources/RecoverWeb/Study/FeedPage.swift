import Care
import Foundation
import Recover
import RecoverData
import Research
import Web

/// `GET /`: the participant's care feed for one day (`?day=YYYY-MM-DD`, today by default): the week strip
/// with completion rings, then one card per task with an event that day. Staff go to the console.
enum FeedPage {
    static func show(_ request: Request, study: StudyServices) throws -> Response {
        guard let account = request.account else { return .redirect(to: "/sign-in") }
        if account.role.isStaff { return .redirect(to: "/console") }
        let now = study.now()
        let zone = TimeZone(identifier: try ParticipantContext.participantAccount(request).zoneIdentifier) ?? .gmt
        let today = LocalDateTime(instant: now, in: zone).date
        var day = today
        if let text = request.query["day"] {
            guard let chosen = LocalDate(text) else { throw HTTPError(.badRequest, "study.error.badDay") }
            day = chosen
        }
        // Before any other read: an unchanged feed costs this one read (a page with the one-time saved note
        // is always made, so the response clears its cookie, and never kept).
        let saved = SavedNote.task(in: request)
        let tag = try PageTag(
            kind: "feed", request, account: account, today: today,
            page: [day.description, saved ?? "-", HealthCard.isHidden(request) ? "hidden" : "shown"], study: study)
        if saved == nil, let answer = tag.answer(request, pages: study.pages) { return answer }
        let participant = try ParticipantContext.load(request, study: study, now: now)
        // A required consent document has a new version: the feed waits until it is signed (or they withdraw).
        if let pending = participant.state.pendingConsents.first {
            return .redirect(to: "/consent/sign/\(pending.current.documentID)")
        }
        let weekStart = CareFeed.weekStart(of: day)
        let events = try study.records.feed(for: participant.state, day: day, weekStart: weekStart)
        let feed = CareFeed(
            day: day, today: participant.today, dayEvents: events.day, weekEvents: events.week,
            isOnboarded: participant.isOnboarded, zone: participant.zone)
        let healthCard = try HealthCard.shows(request, participant: participant, day: day, study: study)
        let contactCard = try ContactCard.feedCard(request, study: study)
        var response = Response.html(
            render(
                feed, drafts: events.drafts, changeable: events.study.changeableTasks, request: request,
                healthCard: healthCard, contactCard: contactCard,
                saved: saved, knee: participant.state.surgery.knee))
        if saved != nil { response.cookies.append(SavedNote.clear(request)) }
        return tag.kept(response, in: saved == nil ? study.pages : nil)
    }

    static func render(
        _ feed: CareFeed, drafts: Set<String> = [], changeable: Set<String> = [], request: Request,
        healthCard: Bool = false,
        contactCard: HTML = .empty, saved: String? = nil, knee: BodySide = .left
    ) -> HTML {
        let t = Localizer(request.language)
        let notice: HTML = feed.isOnboarded ? .empty : "<p class=\"notice\">\(t["feed.gated"])</p>"
        let (required, optional) = ordered(feed.cards)
        let render = { (cards: [FeedCard]) in
            cards.map {
                card(
                    for: $0, today: feed.today, hasDraft: drafts.contains("\($0.taskID)/\($0.occurrence)"),
                    canChange: changeable.contains($0.studyTaskID), t: t, csrf: Layout.csrfField(request), knee: knee)
            }
        }
        var list: HTML =
            required.isEmpty && optional.isEmpty
            ? "<p>\(t["feed.empty"])</p>"
            : required.isEmpty ? .empty : "<div class=\"task-list\">\(render(required))</div>"
        if !optional.isEmpty {
            list = """
                \(list)<section class="optional-tasks" aria-labelledby="optional-heading">
                <h3 class="optional-heading" id="optional-heading">\(t["feed.optional"])</h3>
                <p class="optional-text">\(t["feed.optionalText"])</p>
                <div class="task-list">\(render(optional))</div></section>
                """
        }
        let savedNote: HTML =
            saved.map {
                "<p class=\"saved-note alert alert--success\" role=\"status\" id=\"saved-note\">\(t("feed.saved", ["task": StudyText.taskTitle($0, t)]))</p>"
            } ?? .empty
        let allDone: HTML =
            feed.isOnboarded && !required.isEmpty && required.allSatisfy({ $0.state == .done })
            ? "<p class=\"all-done\" id=\"all-done\">\(t["feed.allDone"])</p>" : .empty
        let heading = feed.day == feed.today ? t["feed.today"] : StudyText.longDate(feed.day, t)
        return Layout.page(
            title: t["feed.title"], request: request,
            body: """
                \(StudyAssets.pageHead)
                \(savedNote)
                <h1>\(t["feed.title"])</h1>
                \(WeekStrip.render(feed, t: t))
                <h2 id="day-heading">\(heading)</h2>
                \(notice)
                \(allDone)
                \(list)
                \(healthCard ? HealthCard.render(request) : HTML.empty)
                \(contactCard)
                """)
    }

    /// The day's cards in the feed's order: required tasks by due time (all-day ones after the timed), then
    /// the optional ones in the same order.
    static func ordered(_ cards: [FeedCard]) -> (required: [FeedCard], optional: [FeedCard]) {
        let sorted = cards.enumerated().sorted { left, right in
            let a = left.element.time.map { $0.hour * 60 + $0.minute } ?? 24 * 60
            let b = right.element.time.map { $0.hour * 60 + $0.minute } ?? 24 * 60
            return a == b ? left.offset < right.offset : a < b
        }.map(\.element)
        return (sorted.filter { !$0.isOptional }, sorted.filter(\.isOptional))
    }

    /// One card; its instructions name the participant's operated `knee` (the study's texts say the left). A done
    /// card offers "Change" when `canChange` (the study's survey can be run again over its answers) and "Delete".
    static func card(
        for card: FeedCard, today: LocalDate, hasDraft: Bool, canChange: Bool = false, t: Localizer,
        csrf: HTML = .empty,
        knee: BodySide = .left
    ) -> HTML {
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
        if card.canDelete(on: today), canChange {
            actions.append(
                """
                <form method="post" action="/answer/\(path)/change">\(csrf)\
                <button type="submit" class="button button--secondary">\(t["card.change"])</button></form>
                """)
        }
        if card.canDelete(on: today) {
            // Quiet: a link, not a button; the page it opens asks before anything is deleted.
            actions.append("<a class=\"task-delete\" href=\"/answer/\(path)/delete\">\(t["card.deleteAnswer"])</a>")
        }
        let actionRow: HTML = actions.isEmpty ? .empty : "<div class=\"task-actions\">\(actions)</div>"
        return """
            <article class="task-card is-\(card.state.rawValue)" aria-labelledby="\(id)" data-task="\(card.studyTaskID)">
            <div class="task-card-header">
            <h3 class="task-title" id="\(id)">\(StudyText.taskTitle(card.studyTaskID, t))</h3>
            <span class="task-status">\(status)</span>
            </div>
            <p class="task-instructions">\(KneeWording.text(StudyText.taskInstructions(card.studyTaskID, t), knee: knee))</p>
            \(answers)
            \(actionRow)
            </article>
            """
    }
}
