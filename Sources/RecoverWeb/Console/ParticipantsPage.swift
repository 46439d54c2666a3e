import Foundation
import RecoverData
import Web

/// `GET /console/participants`: search by email or id, sort, and pages of 25 with page links.
enum ParticipantsPage {
    static let pageSize = 25

    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        let t = Localizer(request.language)
        let sort = request.query["sort"].flatMap(ParticipantListQuery.Sort.init(rawValue:)) ?? .joined
        let pageNumber = try request.queryInteger("page", in: 1...ConsolePaging.maximumPage, default: 1)
        let search = request.query["q"] ?? ""
        let query = ParticipantListQuery(
            search: search, sort: sort, limit: pageSize, offset: (pageNumber - 1) * pageSize)
        let today = context.today()
        let page = try context.records.participants(query, today: today)
        let zone = context.zone
        let rows = page.participants.map { participant in row(participant, zone: zone, t: t) }
        let sortOptions = ParticipantListQuery.Sort.allCases.map { option in
            let selected: HTML = option == sort ? " selected" : .empty
            return HTML(
                "<option value=\"\(option.rawValue)\"\(selected)>\(t["console.sort.\(option.rawValue)"])</option>")
        }
        let table: HTML =
            page.participants.isEmpty
            ? "<p>\(t["console.participants.none"])</p>"
            : ConsoleLayout.table(
                caption: t("console.participants.caption", ["total": "\(page.total)"]),
                head: [
                    t["console.participant.email"], t["console.participant.joined"],
                    t["console.participant.onboarding"], t["console.participant.lastActivity"],
                    t["console.participant.adherence"],
                ], rows: rows)
        return .html(
            ConsoleLayout.page(
                title: t["console.participants.title"], section: .participants, request: request,
                body: """
                    <h1>\(t["console.participants.title"])</h1>
                    <form class="toolbar" method="get" action="/console/participants" role="search">
                    <div class="field"><label for="q">\(t["console.participants.search"])</label>
                    <input id="q" name="q" type="text" value="\(search)" aria-describedby="q-hint">
                    <p class="hint" id="q-hint">\(t["console.participants.searchHint"])</p></div>
                    <div class="field"><label for="sort">\(t["console.participants.sort"])</label>
                    <select id="sort" name="sort">\(sortOptions)</select></div>
                    <div><button class="button" type="submit">\(t["console.participants.apply"])</button></div>
                    </form>
                    \(table)
                    \(pagination(total: page.total, current: pageNumber, search: search, sort: sort, t: t))
                    """))
    }

    static func row(_ participant: ConsoleParticipant, zone: TimeZone, t: Localizer) -> HTML {
        let synthetic: HTML =
            participant.isSynthetic
            ? " <span class=\"badge synthetic\">\(t["console.participant.synthetic"])</span>" : .empty
        let withdrawn: HTML =
            participant.withdrawnAt != nil
            ? " <span class=\"badge withdrawn\">\(t["console.participant.withdrawn"])</span>" : .empty
        let onboarding = t[participant.isOnboarded ? "console.onboarding.done" : "console.onboarding.pending"]
        let activity = participant.lastActivityAt.map { ConsoleFormat.dateTime($0, in: zone) } ?? "–"
        let adherence =
            participant.adherence.map {
                "\(ConsoleFormat.percent($0)) (\(participant.checkinsCompleted)/\(participant.checkinsDue))"
            } ?? "–"
        return """
            <tr><td><a href="/console/participants/\(participant.id)">\(participant.email)</a>\(synthetic)\(withdrawn)<br>\
            <span class="id">\(participant.id.prefix(8))</span></td>\
            <td>\(ConsoleFormat.date(participant.joinedAt, in: zone))</td><td>\(onboarding)</td>\
            <td>\(activity)</td><td class="number">\(adherence)</td></tr>
            """
    }

    /// Previous / numbered / next links keeping the search and sort; at most 9 numbered links around the
    /// current page.
    static func pagination(
        total: Int, current: Int, search: String, sort: ParticipantListQuery.Sort, t: Localizer
    ) -> HTML {
        let pages = max(1, (total + pageSize - 1) / pageSize)
        guard pages > 1 else { return .empty }
        func link(_ page: Int) -> String {
            var components = URLComponents()
            components.path = "/console/participants"
            var items = [
                URLQueryItem(name: "sort", value: sort.rawValue), URLQueryItem(name: "page", value: "\(page)"),
            ]
            if !search.isEmpty { items.insert(URLQueryItem(name: "q", value: search), at: 0) }
            components.queryItems = items
            return components.string ?? "/console/participants"
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
