import Foundation
import RecoverData
import Web

/// `GET /console/participants`: search by email or id, sort by a column (`?sort=&dir=`, the headers are the
/// links), and pages of 25 with page links. Columns: the participant with their flags, joined, consent,
/// last activity, check-in adherence (and today's), range of motion and diary done/due.
enum ParticipantsPage {
    static let pageSize = 25

    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        let t = Localizer(request.language)
        let (sort, direction) = try order(request)
        let pageNumber = try request.queryInteger("page", in: 1...ConsolePaging.maximumPage, default: 1)
        let search = request.query["q"] ?? ""
        let query = ParticipantListQuery(
            search: search, sort: sort, direction: direction, limit: pageSize, offset: (pageNumber - 1) * pageSize)
        let today = context.today()
        let page = try context.records.participants(query, today: today)
        let zone = context.zone
        let rows = page.participants.map { participant in row(participant, zone: zone, t: t) }
        let columns: [(String, ParticipantListQuery.Sort?)] = [
            (t["console.participant.email"], .email), (t["console.participant.joined"], .joined),
            (t["console.participants.consent"], .consent), (t["console.participant.lastActivity"], .lastActivity),
            (t["console.participant.adherence"], .adherence),
            (t["console.participants.rangeOfMotion"], nil), (t["console.participants.diary"], nil),
        ]
        let head = columns.map { name, column in
            header(name, column: column, query: query, search: search, t: t)
        }
        let table: HTML =
            page.participants.isEmpty
            ? "<p>\(t["console.participants.none"])</p>"
            : """
            <p class="hint" id="sort-hint">\(t["console.participants.sortHint"])</p>
            <div class="table-scroll" role="region" aria-label="\(t("console.participants.caption", ["total": "\(page.total)"]))" aria-describedby="sort-hint" tabindex="0">
            <table class="data-table participants-table"><caption>\(t("console.participants.caption", ["total": "\(page.total)"]))</caption>
            <thead><tr>\(head)</tr></thead><tbody>\(rows)</tbody></table>
            </div>
            """
        return .html(
            ConsoleLayout.page(
                title: t["console.participants.title"], section: .participants, request: request,
                body: """
                    <h1>\(t["console.participants.title"])</h1>
                    <form class="toolbar" method="get" action="/console/participants" role="search">
                    <div class="field"><label for="q">\(t["console.participants.search"])</label>
                    <input id="q" name="q" type="text" value="\(search)" aria-describedby="q-hint">
                    <p class="hint" id="q-hint">\(t["console.participants.searchHint"])</p></div>
                    <input type="hidden" name="sort" value="\(sort.rawValue)">
                    <input type="hidden" name="dir" value="\(query.direction.rawValue)">
                    <div><button class="button" type="submit">\(t["console.participants.apply"])</button></div>
                    </form>
                    \(table)
                    \(pagination(total: page.total, current: pageNumber, search: search, query: query, t: t))
                    """))
    }

    /// The sort column and direction of `?sort=` and `?dir=`, each parsed strictly: anything but a column's
    /// name or `asc` / `desc` is a 400 page. Without `dir`, the column's own first direction.
    static func order(_ request: Request) throws -> (ParticipantListQuery.Sort, ParticipantListQuery.Direction?) {
        var sort = ParticipantListQuery.Sort.joined
        if let text = request.query["sort"] {
            guard let parsed = ParticipantListQuery.Sort(rawValue: text) else {
                throw HTTPError(.badRequest, "console.participants.error.sort")
            }
            sort = parsed
        }
        var direction: ParticipantListQuery.Direction?
        if let text = request.query["dir"] {
            guard let parsed = ParticipantListQuery.Direction(rawValue: text) else {
                throw HTTPError(.badRequest, "console.participants.error.sort")
            }
            direction = parsed
        }
        return (sort, direction)
    }

    /// A column header; a sortable one is a link that sorts by it (the other way round when it is the sorted
    /// column) and carries `aria-sort` when sorted.
    static func header(
        _ name: String, column: ParticipantListQuery.Sort?, query: ParticipantListQuery, search: String,
        t: Localizer
    ) -> HTML {
        guard let column else { return "<th scope=\"col\">\(name)</th>" }
        let sorted = column == query.sort
        let next: ParticipantListQuery.Direction =
            sorted ? (query.direction == .ascending ? .descending : .ascending) : column.defaultDirection
        let ariaSort: HTML =
            sorted ? " aria-sort=\"\(query.direction == .ascending ? "ascending" : "descending")\"" : .empty
        let arrow: HTML =
            sorted
            ? "<span class=\"sort-arrow\" aria-hidden=\"true\">\(query.direction == .ascending ? "▲" : "▼")</span>"
            : .empty
        let href = link(search: search, sort: column, direction: next, page: 1)
        return """
            <th scope="col"\(ariaSort)><a class="sort-link" href="\(href)">\(name)\(arrow)</a></th>
            """
    }

    /// The list's address with its search, sort and page.
    static func link(
        search: String, sort: ParticipantListQuery.Sort, direction: ParticipantListQuery.Direction, page: Int
    ) -> String {
        var components = URLComponents()
        components.path = "/console/participants"
        var items = [
            URLQueryItem(name: "sort", value: sort.rawValue), URLQueryItem(name: "dir", value: direction.rawValue),
            URLQueryItem(name: "page", value: "\(page)"),
        ]
        if !search.isEmpty { items.insert(URLQueryItem(name: "q", value: search), at: 0) }
        components.queryItems = items
        return components.string ?? "/console/participants"
    }

    static func row(_ participant: ConsoleParticipant, zone: TimeZone, t: Localizer) -> HTML {
        var flags: [HTML] = []
        if participant.isSynthetic {
            flags.append("<span class=\"badge synthetic\">\(t["console.participant.synthetic"])</span>")
        }
        if participant.withdrawnAt != nil {
            flags.append("<span class=\"badge withdrawn\">\(t["console.participant.withdrawn"])</span>")
        }
        if !participant.isOnboarded {
            flags.append("<span class=\"badge pending\">\(t["console.onboarding.pending"])</span>")
        }
        let activity = participant.lastActivityAt.map { ConsoleFormat.dateTime($0, in: zone) } ?? "–"
        let adherence =
            participant.adherence.map {
                "\(ConsoleFormat.percent($0)) (\(participant.checkinsCompleted)/\(participant.checkinsDue))"
            } ?? "–"
        let today = t[participant.checkedInToday ? "console.participants.todayDone" : "console.participants.todayOpen"]
        let consent: String =
            !participant.isOnboarded
            ? "–"
            : participant.unsignedRequiredConsents == 0
                ? t["console.participants.consentCurrent"]
                : t("console.participants.consentToSign", ["count": "\(participant.unsignedRequiredConsents)"])
        let tasks = ConsoleQueries.listedTasks.map { task -> HTML in
            guard let figures = participant.tasks[task], figures.due > 0 else { return "<td class=\"number\">–</td>" }
            return "<td class=\"number\">\(figures.done)/\(figures.due)</td>"
        }
        let flagsHTML: HTML = flags.isEmpty ? .empty : "<br>\(flags.map { HTML("\($0) ") }.joined)"
        return """
            <tr><td><a href="/console/participants/\(participant.id)">\(participant.email)</a>\(flagsHTML)<br>\
            <span class="id">\(participant.id.prefix(8))</span></td>\
            <td>\(ConsoleFormat.date(participant.joinedAt, in: zone))</td><td>\(consent)</td>\
            <td>\(activity)</td><td class="number">\(adherence)<br><span class="hint">\(today)</span></td>\(tasks)</tr>
            """
    }

    /// Previous / numbered / next links keeping the search and sort; at most 9 numbered links around the
    /// current page.
    static func pagination(
        total: Int, current: Int, search: String, query: ParticipantListQuery, t: Localizer
    ) -> HTML {
        let pages = max(1, (total + pageSize - 1) / pageSize)
        guard pages > 1 else { return .empty }
        func link(_ page: Int) -> String {
            Self.link(search: search, sort: query.sort, direction: query.direction, page: page)
        }
        let first = max(1, min(current - 4, pages - 8))
        let last = min(pages, first + 8)
        var items: [HTML] = []
        if current > 1 {
            items.append(
                "<li><a href=\"\(link(current - 1))\" rel=\"prev\">\(t["console.pagination.previous"])</a></li>")
        }
        for page in first...last {
            items.append(
                page == current
                    ? "<li><span aria-current=\"page\">\(page)</span></li>"
                    : "<li><a href=\"\(link(page))\" aria-label=\"\(t("console.pagination.page", ["page": "\(page)"]))\">\(page)</a></li>"
            )
        }
        if current < pages {
            items.append("<li><a href=\"\(link(current + 1))\" rel=\"next\">\(t["console.pagination.next"])</a></li>")
        }
        return """
            <nav class="pagination" aria-label="\(t["console.pagination.label"])"><ul>\(items)</ul>
            <p>\(t("console.pagination.status", ["page": "\(min(current, pages))", "pages": "\(pages)"]))</p></nav>
            """
    }
}
