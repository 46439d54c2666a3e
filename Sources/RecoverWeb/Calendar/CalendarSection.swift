import Foundation
import RecoverData
import Web

/// The account page's "Calendar" section: make a secret calendar link, or reset it (the old one stops working
/// at once). The link is stored only as a hash, so it is shown once, on the page the form answers with.
enum CalendarSection {
    /// The section for the signed-in participant; nothing for staff.
    static func render(_ request: Request, study: StudyServices) throws -> HTML {
        guard let account = request.account, account.role == .participant else { return .empty }
        let t = Localizer(request.language)
        let created = try study.records.calendarLinkCreated(participantID: account.id)
        let body: HTML
        if account.isWithdrawn {
            body = created == nil ? "<p>\(t["calendar.withdrawnNone"])</p>" : "<p>\(t["calendar.withdrawn"])</p>"
        } else if let created {
            let day = ParticipantClock.today(for: account, now: created).description
            body = """
                <p>\(t("calendar.exists", ["date": day]))</p>
                <p class="hint">\(t["calendar.shownOnce"])</p>
                \(form(request, label: t["calendar.reset"], secondary: true))
                """
        } else {
            body = """
                <p>\(t["calendar.intro"])</p>
                \(form(request, label: t["calendar.create"], secondary: false))
                """
        }
        return """
            <section class="card" aria-labelledby="calendar-heading">
            <h2 id="calendar-heading">\(t["calendar.heading"])</h2>
            \(body)
            </section>
            """
    }

    static func form(_ request: Request, label: String, secondary: Bool) -> HTML {
        let style: HTML = secondary ? " secondary" : .empty
        return """
            <form method="post" action="/account/calendar">\(Layout.csrfField(request))\
            <button class="button\(style)" type="submit">\(label)</button></form>
            """
    }

    /// `POST /account/calendar`: a new link in place of any old one, shown once on the page it answers with
    /// (never in a URL or a redirect); 403 for staff and withdrawn participants.
    static func reset(_ request: Request, study: StudyServices, publicURL: String?) throws -> Response {
        let account = try ParticipantContext.participantAccount(request)
        let token = try study.records.resetCalendarLink(participantID: account.id, at: study.now())
        let base = CalendarRoutes.baseURL(request, publicURL: publicURL)
        let url = "\(base)/calendar/\(token).ics"
        let webcal = "webcal://" + url.drop { $0 != ":" }.dropFirst(3)
        let t = Localizer(request.language)
        var response = Response.html(
            Layout.page(
                title: t["calendar.link.title"], request: request,
                body: """
                    <link rel="stylesheet" href="\(StudyAssets.url("css/calendar.css"))">
                    <h1>\(t["calendar.link.title"])</h1>
                    <p class="notice" role="status">\(t["calendar.link.made"])</p>
                    <section class="card" aria-labelledby="calendar-link-heading">
                    <h2 id="calendar-link-heading">\(t["calendar.link.heading"])</h2>
                    <div class="field"><label for="calendar-url">\(t["calendar.link.label"])</label>
                    <p class="hint" id="calendar-url-hint">\(t["calendar.link.copyHint"])</p>
                    <textarea class="calendar-url" id="calendar-url" rows="3" readonly \
                    aria-describedby="calendar-url-hint" spellcheck="false" autocomplete="off">\(url)</textarea></div>
                    <p><a class="button" href="\(webcal)">\(t["calendar.link.open"])</a></p>
                    <p class="hint">\(t["calendar.link.secret"])</p>
                    </section>
                    <p><a href="/account">\(t["calendar.link.back"])</a></p>
                    """))
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response
    }
}
