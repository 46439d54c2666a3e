import Foundation
import RecoverData
import Web

/// The account page's time-zone form: a select of the zones by region and city (``TimeZoneChoice``), usable
/// without script; with script a filter box above it finds a city as it is typed and "Use this browser's time
/// zone" chooses the browser's (timezone.js; both rendered hidden). `POST /account/time-zone` saves a zone the
/// list offers; anything else gets the form again on a page of its own with the problem (422) and changes nothing.
enum TimeZoneSection {
    /// The section with the account's zone chosen.
    static func render(_ request: Request, account: Account) -> HTML {
        render(request, account: account, problem: nil)
    }

    /// The section; `problem` is the catalog key of a refusal, shown above the form and read with the select.
    /// The offsets are those of the moment the page is made ("London (UTC+1)" in summer).
    static func render(_ request: Request, account: Account, problem: String?, now: Date = Date()) -> HTML {
        let t = Localizer(request.language)
        let language = request.language
        // An account on an old alias (Asia/Chongqing) sees its city chosen: the listed zone keeps the same clock.
        let chosen = TimeZoneChoice.listedZone(for: account.zoneIdentifier) ?? account.zoneIdentifier
        let groups = TimeZoneChoice.groups(for: language).map { group in
            let options = group.options.map { option in
                let selected: HTML = option.identifier == chosen ? " selected" : .empty
                let label = TimeZoneChoice.label(option, language: language, at: now)
                return HTML(
                    "<option value=\"\(option.identifier)\" data-also=\"\(option.words)\"\(selected)>\(label)</option>")
            }
            return HTML("<optgroup label=\"\(group.name)\">\(options)</optgroup>")
        }
        // One message, above the form and read with the select.
        let error: HTML =
            problem.map { "<p class=\"alert\" role=\"alert\" id=\"timeZone-error\">\(t[$0])</p>" } ?? .empty
        let invalid: HTML =
            problem == nil
            ? " aria-describedby=\"timeZone-hint\""
            : " aria-describedby=\"timeZone-hint timeZone-error\" aria-invalid=\"true\""
        let current = TimeZoneChoice.label(account.zoneIdentifier, language: language, at: now)
        return """
            <section class="card" id="time-zone" aria-labelledby="time-zone-heading">
            <h2 id="time-zone-heading">\(t["account.timeZone"])</h2>
            <p>\(t("account.timeZone.current", ["zone": current]))</p>
            \(error)
            <form class="stack" method="post" action="/account/time-zone">
            \(Layout.csrfField(request))
            <div class="field" data-zone-filter="timeZone" hidden>\
            <label for="timeZone-filter">\(t["account.timeZone.filter"])</label>
            <p class="hint" id="timeZone-filter-hint">\(t["account.timeZone.filterHint"])</p>
            <input type="search" id="timeZone-filter" autocomplete="off" spellcheck="false" aria-controls="timeZone" \
            aria-describedby="timeZone-filter-hint timeZone-filter-status">
            <p class="hint" id="timeZone-filter-status" data-zone-filter-status aria-live="polite" \
            data-matches="\(t["account.timeZone.matches"])" data-one-match="\(t["account.timeZone.oneMatch"])" \
            data-no-match="\(t["account.timeZone.noMatch"])"></p></div>
            <div class="field"><label for="timeZone">\(t["account.timeZone.field"])</label>
            <p class="hint" id="timeZone-hint">\(t["account.timeZone.hint"])</p>
            <select id="timeZone" name="timeZone"\(invalid)>\(groups)</select></div>
            <div><button class="button secondary" type="button" data-browser-zone-for="timeZone" hidden>\
            \(t["account.timeZone.useBrowser"])</button></div>
            <div><button class="button" type="submit">\(t["account.timeZone.save"])</button></div>
            </form>
            </section>
            """
    }

    /// `GET /account/time-zone`: the section on a page of its own (where a refused zone is shown, so that
    /// reloading it or switching its language lands on the form).
    static func show(_ request: Request) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        return .html(page(request, section: render(request, account: account)))
    }

    /// Saves a zone the list offers and goes back to the account page; anything else is the form again with
    /// the problem (422), and nothing changes.
    static func save(_ request: Request, study: StudyServices) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        let zone = (try request.form()["timeZone"] ?? "").trimmingCharacters(in: .whitespaces)
        guard TimeZoneChoice.isKnown(zone) else {
            let section = render(request, account: account, problem: "account.timeZone.error")
            return .html(page(request, section: section), status: .unprocessableContent)
        }
        try study.records.changeTimeZone(accountID: account.id, to: zone)
        return .redirect(to: "/account?saved=1#time-zone")
    }

    /// The page around the section.
    static func page(_ request: Request, section: HTML) -> HTML {
        AccountRecordSections.page(
            request, titleKey: "account.timeZone", backKey: "account.timeZone.back", section: section)
    }
}
