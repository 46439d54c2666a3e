import Foundation
import RecoverData
import Web

/// The account page's time-zone form: a select of IANA zones, "use this browser's zone" (a small module
/// fills the select; without JavaScript the button stays hidden), and `POST /account/time-zone`.
enum TimeZoneSection {
    /// The zones offered and accepted: the system's IANA identifiers plus `UTC`.
    static let zones: [String] = Array(Set(TimeZone.knownTimeZoneIdentifiers + ["UTC"])).sorted()
    private static let known = Set(zones)

    /// Whether `identifier` names a zone we offer and Foundation can evaluate.
    static func isValid(_ identifier: String) -> Bool {
        known.contains(identifier) && TimeZone(identifier: identifier) != nil
    }

    static func render(_ request: Request, account: Account) -> HTML {
        let t = Localizer(request.language)
        let options = zones.map { zone in
            let selected: HTML = zone == account.timeZone ? " selected" : .empty
            return HTML("<option value=\"\(zone)\"\(selected)>\(zone)</option>")
        }
        return """
            <section class="card" aria-labelledby="time-zone-heading">
            <h2 id="time-zone-heading">\(t["account.timeZone"])</h2>
            <p>\(t("account.timeZone.current", ["zone": account.zoneIdentifier]))</p>
            <form class="stack" method="post" action="/account/time-zone">
            \(Layout.csrfField(request))
            <div class="field"><label for="timeZone">\(t["account.timeZone"])</label>
            <p class="hint" id="timeZone-hint">\(t["account.timeZone.hint"])</p>
            <select id="timeZone" name="timeZone" aria-describedby="timeZone-hint">\(options)</select></div>
            <div><button class="button secondary" type="button" data-browser-zone-for="timeZone" hidden>\
            \(t["account.timeZone.useBrowser"])</button></div>
            <div><button class="button" type="submit">\(t["account.timeZone.save"])</button></div>
            </form>
            </section>
            """
    }

    /// Saves a valid zone; anything else is a 400 with a readable message and changes nothing.
    static func save(_ request: Request, study: StudyServices) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        let zone = (try request.form()["timeZone"] ?? "").trimmingCharacters(in: .whitespaces)
        guard isValid(zone) else { throw HTTPError(.badRequest, "account.timeZone.error") }
        try study.records.changeTimeZone(accountID: account.id, to: zone)
        return .redirect(to: "/account?saved=1")
    }
}
