import Foundation
import RecoverData
import Web

/// `/console/invitations` (admins only): create invitation links, list them with their status, revoke one.
enum InvitationsPage {
    static let pageSize = 50
    static let maximumCount = 100

    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let pageNumber = try request.queryInteger("page", in: 1...ConsolePaging.maximumPage, default: 1)
        let invitations = try context.records.invitations(limit: pageSize + 1, offset: (pageNumber - 1) * pageSize)
        let notice =
            request.query["created"].map { ("console.invitations.created", ["count": $0]) }
            ?? request.query["revoked"].map { _ in ("console.invitations.revokedNotice", [:]) }
        return .html(render(request, context: context, invitations: invitations, page: pageNumber, notice: notice))
    }

    static func create(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let staff = try context.staff(request)
        let form = try request.form()
        guard let count = BoundedInteger.parse(form["count"] ?? "", in: 1...maximumCount) else {
            throw HTTPError(.badRequest, "console.invitations.error.count")
        }
        let enrollment = Enrollment(
            directory: context.services.directory, hasher: context.services.hasher, now: context.services.now)
        _ = try enrollment.invite(count: count, createdBy: staff.id)
        return .redirect(to: "/console/invitations?created=\(count)")
    }

    static func revoke(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let code = try request.parameter("code")
        do {
            try context.records.revokeInvitation(code: code, at: context.services.now())
        } catch AccountStoreError.invitationNotFound {
            throw HTTPError(.notFound)
        } catch AccountStoreError.invitationUsed {
            throw HTTPError(.conflict, "console.invitations.error.used")
        }
        return .redirect(to: "/console/invitations?revoked=1")
    }

    static func render(
        _ request: Request, context: ConsoleContext, invitations: [Invitation], page: Int,
        notice: (String, [String: String])?
    ) -> HTML {
        let t = Localizer(request.language)
        let now = context.services.now()
        let zone = context.zone
        let base = request.headers["host"].map { "\(request.isSecure ? "https" : "http")://\($0)" } ?? ""
        let rows = invitations.prefix(pageSize).map { invitation in
            let status = invitation.status(at: now)
            let action: HTML =
                status == .open
                ? """
                <form method="post" action="/console/invitations/\(invitation.code)/revoke">\(Layout.csrfField(request))\
                <button class="button secondary button-small" type="submit" aria-label="\(t("console.invitations.revokeLabel", ["code": invitation.code]))">\(t["console.invitations.revoke"])</button></form>
                """
                : .empty
            return HTML(
                """
                <tr><td><span class="badge \(status.rawValue)">\(t["console.invitation.\(status.rawValue)"])</span></td>\
                <td><code class="link">\(base)/join/\(invitation.code)</code></td>\
                <td>\(ConsoleFormat.dateTime(invitation.createdAt, in: zone))</td><td>\(action)</td></tr>
                """)
        }
        let noticeHTML: HTML =
            notice.map { key, arguments in "<p class=\"notice\" role=\"status\">\(t(key, arguments))</p>" } ?? .empty
        let table: HTML =
            invitations.isEmpty
            ? "<p>\(t["console.invitations.none"])</p>"
            : ConsoleLayout.table(
                caption: t["console.invitations.caption"],
                head: [
                    t["console.invitations.status"], t["console.invitations.link"], t["console.invitations.createdAt"],
                    t["console.invitations.action"],
                ], rows: Array(rows))
        var pages: [HTML] = []
        if page > 1 {
            pages.append(
                "<li><a href=\"/console/invitations?page=\(page - 1)\" rel=\"prev\">\(t["console.pagination.previous"])</a></li>"
            )
        }
        if invitations.count > pageSize {
            pages.append(
                "<li><a href=\"/console/invitations?page=\(page + 1)\" rel=\"next\">\(t["console.pagination.next"])</a></li>"
            )
        }
        let pagination: HTML =
            pages.isEmpty
            ? .empty
            : "<nav class=\"pagination\" aria-label=\"\(t["console.pagination.label"])\"><ul>\(pages)</ul></nav>"
        return ConsoleLayout.page(
            title: t["console.invitations.title"], section: .invitations, request: request,
            body: """
                <h1>\(t["console.invitations.title"])</h1>
                \(noticeHTML)
                <section class="card" aria-labelledby="create-heading">
                <h2 id="create-heading">\(t["console.invitations.create"])</h2>
                <form class="toolbar" method="post" action="/console/invitations">\(Layout.csrfField(request))
                <div class="field"><label for="count">\(t["console.invitations.count"])</label>
                <input id="count" name="count" type="number" min="1" max="\(maximumCount)" value="1" required></div>
                <div><button class="button" type="submit">\(t["console.invitations.createButton"])</button></div>
                </form>
                </section>
                \(table)
                \(pagination)
                """)
    }
}
