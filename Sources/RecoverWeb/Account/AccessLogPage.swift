import Exports
import Foundation
import RecoverData
import Web

/// `GET /account/access`: who viewed or exported the participant's data and when, from the audit trail's
/// reads of their data: the staff member's role and e-mail (or the operator's command-line user), what they
/// did in plain words, the time in the participant's zone; newest first, 20 a page, `?before=<sequence>` for
/// older ones. The participant's own actions never appear.
enum AccessLogPage {
    static let pageSize = 20

    static func show(_ request: Request, study: StudyServices) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        let before = try cursor(request.query["before"])
        let page = try study.records.accessLog(participantID: account.id, limit: pageSize, before: before)
        let t = Localizer(request.language)
        let zone = TimeZone(identifier: account.zoneIdentifier) ?? .gmt
        let items = page.entries.map { entry in
            HTML(
                """
                <li class="access-entry">
                <p class="access-who">\(who(entry.accessor, t: t))</p>
                <p>\(what(entry, t: t))</p>
                <p class="hint"><time datetime="\(ISO8601DateFormatter().string(from: entry.recordedAt))">\
                \(ConsoleFormat.dateTime(entry.recordedAt, in: zone))</time></p>
                </li>
                """)
        }
        let list: HTML =
            items.isEmpty
            ? "<p>\(t[before == nil ? "access.none" : "access.noOlder"])</p>"
            : "<ol class=\"access-log\">\(items)</ol>"
        var links: [HTML] = []
        if let older = page.olderBefore {
            links.append("<a href=\"/account/access?before=\(String(older))\">\(t["access.older"])</a>")
        }
        if before != nil { links.append("<a href=\"/account/access\">\(t["access.newest"])</a>") }
        let pager: HTML = links.isEmpty ? .empty : "<p class=\"access-pager\">\(links)</p>"
        var response = Response.html(
            Layout.page(
                title: t["access.title"], request: request,
                body: """
                    <link rel="stylesheet" href="\(StudyAssets.url("css/account.css"))">
                    <h1>\(t["access.title"])</h1>
                    <p>\(t["access.intro"])</p>
                    <section class="card access-card" aria-labelledby="access-heading">
                    <h2 id="access-heading">\(t["access.heading"])</h2>
                    <p class="hint">\(t("access.zone", ["zone": account.zoneIdentifier]))</p>
                    \(list)
                    \(pager)
                    </section>
                    <p><a href="/account">\(t["access.back"])</a></p>
                    """))
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// The `before` cursor: absent, or a positive whole number of at most 18 digits; anything else is a 400.
    static func cursor(_ text: String?) throws -> Int64? {
        guard let text else { return nil }
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int64(text), value > 0
        else { throw HTTPError(.badRequest, "access.badCursor") }
        return value
    }

    static func who(_ accessor: AccessLogEntry.Accessor, t: Localizer) -> String {
        switch accessor {
        case .staff(.admin, let email): t("access.who.admin", ["name": email])
        case .staff(_, let email): t("access.who.researcher", ["name": email])
        case .formerStaff: t["access.who.former"]
        case .commandLine(_, let user?): t("access.who.operator", ["user": user])
        case .commandLine(_, nil): t["access.who.operatorUnnamed"]
        case .system: t["access.who.system"]
        }
    }

    static func what(_ entry: AccessLogEntry, t: Localizer) -> String {
        switch entry.entityType {
        case ExportFormat.auditEntityType:
            t("access.what.export", ["format": ExportFormat(rawValue: entry.entityID)?.rawValue.uppercased() ?? "?"])
        case "consent_record": t["access.what.consent"]
        case "account": t["access.what.account"]
        case "survey_result": t["access.what.surveys"]
        case let type where type.hasPrefix("health_"): t["access.what.health"]
        default: t["access.what.other"]
        }
    }
}
