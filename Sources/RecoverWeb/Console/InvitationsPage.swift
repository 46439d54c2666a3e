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
        let t = Localizer(request.language)
        let notice: HTML? =
            request.query["emailed"].flatMap { BoundedInteger.parse($0, in: 1...InvitationMailing.maximumAddresses) }
            .map {
                "<p class=\"notice\" role=\"status\">\(t("console.invitations.emailed", ["count": String($0)]))</p>"
            }
            ?? request.query["revoked"].map { _ in
                "<p class=\"notice\" role=\"status\">\(t["console.invitations.revokedNotice"])</p>"
            }
        return .html(try page(request, context: context, page: pageNumber, notice: notice))
    }

    /// The page at `page` of the list, with `notice` above it.
    static func page(
        _ request: Request, context: ConsoleContext, page: Int, notice: HTML?, emailProblem: String? = nil,
        addresses: String = ""
    ) throws -> HTML {
        let invitations = try context.records.invitations(limit: pageSize + 1, offset: (page - 1) * pageSize)
        let users = try context.records.accountEmails(ids: invitations.compactMap(\.usedByAccountID))
        return render(
            request, context: context, invitations: invitations, users: users, page: page, notice: notice,
            emailProblem: emailProblem, addresses: addresses)
    }

    /// The longest a printed invitation may work, in days.
    static let maximumDays = InvitationMailing.maximumDays

    /// `POST /console/invitations`: `count` links, each working for `days` days; the links are shown once,
    /// in this answer (only their hashes are stored).
    static func create(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let staff = try context.staff(request)
        let form = try request.form()
        guard let count = BoundedInteger.parse(form["count"] ?? "", in: 1...maximumCount) else {
            throw HTTPError(.badRequest, "console.invitations.error.count")
        }
        guard let days = BoundedInteger.parse(form["days"] ?? "14", in: 1...maximumDays) else {
            throw HTTPError(.badRequest, "console.invitations.error.days")
        }
        let enrollment = Enrollment(
            directory: context.services.directory, hasher: context.services.hasher, now: context.services.now)
        let codes = try enrollment.invite(count: count, createdBy: staff.id, lifetime: TimeInterval(days) * 86_400)
        let base =
            context.services.publicURL ?? request.headers["host"].map {
                "\(request.isSecure ? "https" : "http")://\($0)"
            } ?? ""
        let t = Localizer(request.language)
        let links = codes.map { HTML("<li><code class=\"link\">\(base)/join/\($0)</code></li>") }
        let created: HTML = """
            <div class="notice" role="status"><p>\(t("console.invitations.created", ["count": String(count)]))</p>
            <p>\(t("console.invitations.linksOnce", ["days": String(days)]))</p><ul class="links">\(links)</ul></div>
            """
        return .html(try page(request, context: context, page: 1, notice: created))
    }

    /// `POST /console/invitations/email`: one invitation per address, sent in the chosen language.
    static func email(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let staff = try context.staff(request)
        let messaging = try context.requireMessaging()
        guard messaging.recovery.mailReady, let linkBase = context.services.publicURL else {
            throw HTTPError(.conflict, "console.mail.notConfigured")
        }
        let form = try request.form()
        let t = Localizer(request.language)
        guard let language = Language(rawValue: form["language"] ?? ""),
            let days = BoundedInteger.parse(form["days"] ?? "", in: 1...maximumDays)
        else { throw HTTPError(.badRequest, "console.invitations.error.days") }
        let (valid, invalid) = InvitationMailing.addresses(in: form["addresses"] ?? "")
        let problem: String? =
            !invalid.isEmpty
            ? t("console.invitations.error.addresses", ["addresses": invalid.prefix(5).joined(separator: ", ")])
            : valid.isEmpty
                ? t["console.invitations.error.noAddress"]
                : valid.count > InvitationMailing.maximumAddresses
                    ? t("console.invitations.error.tooMany", ["count": String(InvitationMailing.maximumAddresses)])
                    : nil
        if let problem {
            return .html(
                try page(
                    request, context: context, page: 1, notice: nil, emailProblem: problem,
                    addresses: form["addresses"] ?? ""), status: .unprocessableContent)
        }
        try InvitationMailing(database: messaging.outbox.database).invite(
            valid, language: language.tag, days: days, createdBy: staff.id, linkBase: linkBase,
            at: context.services.now())
        return .redirect(to: "/console/invitations?emailed=\(valid.count)")
    }

    static func revoke(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let hex = try request.parameter("code")
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { throw HTTPError(.notFound) }
        do {
            try context.records.revokeInvitation(stored: Invitation.storedPrefix + hex, at: context.services.now())
        } catch AccountStoreError.invitationNotFound {
            throw HTTPError(.notFound)
        } catch AccountStoreError.invitationUsed {
            throw HTTPError(.conflict, "console.invitations.error.used")
        }
        return .redirect(to: "/console/invitations?revoked=1")
    }

    static func render(
        _ request: Request, context: ConsoleContext, invitations: [Invitation], users: [String: String], page: Int,
        notice: HTML?, emailProblem: String?, addresses: String
    ) -> HTML {
        let t = Localizer(request.language)
        let now = context.services.now()
        let zone = context.zone
        let rows = invitations.prefix(pageSize).map { invitation in
            let status = invitation.status(at: now)
            let hex = String(invitation.code.dropFirst(Invitation.storedPrefix.count))
            let label = String(hex.prefix(8))
            let action: HTML =
                status == .open
                ? """
                <form method="post" action="/console/invitations/\(hex)/revoke">\(Layout.csrfField(request))\
                <button class="button secondary button-small" type="submit" aria-label="\(t("console.invitations.revokeLabel", ["code": label]))">\(t["console.invitations.revoke"])</button></form>
                """
                : .empty
            return HTML(
                """
                <tr><td><span class="badge \(status.rawValue)">\(t["console.invitation.\(status.rawValue)"])</span></td>\
                <td><code>\(label)</code></td>\
                <td>\(ConsoleFormat.dateTime(invitation.createdAt, in: zone))</td>\
                <td>\(invitation.expiresAt.map { ConsoleFormat.dateTime($0, in: zone) } ?? t["console.invitations.never"])</td>\
                <td>\(usedBy(invitation, users: users, zone: zone, t: t))</td><td>\(action)</td></tr>
                """)
        }
        let noticeHTML = notice ?? .empty
        let table: HTML =
            invitations.isEmpty
            ? "<p>\(t["console.invitations.none"])</p>"
            : ConsoleLayout.table(
                caption: t["console.invitations.caption"],
                head: [
                    t["console.invitations.status"], t["console.invitations.id"], t["console.invitations.createdAt"],
                    t["console.invitations.expiresAt"], t["console.invitations.usedBy"],
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
                \(daysField("days", t))
                <div><button class="button" type="submit">\(t["console.invitations.createButton"])</button></div>
                </form>
                </section>
                \(emailForm(request, context: context, problem: emailProblem, addresses: addresses, t))
                \(table)
                \(pagination)
                """)
    }

    /// Who joined with a used invitation (linked to their participant page) and when; empty otherwise.
    static func usedBy(_ invitation: Invitation, users: [String: String], zone: TimeZone, t: Localizer) -> HTML {
        guard let account = invitation.usedByAccountID else { return .empty }
        let who: HTML =
            users[account].map { "<a href=\"/console/participants/\(account)\">\($0)</a>" }
            ?? HTML.text(t["console.invitations.deletedAccount"])
        let when = invitation.usedAt.map { ConsoleFormat.dateTime($0, in: zone) } ?? "–"
        return "\(who)<br><span class=\"hint\">\(when)</span>"
    }

    /// The "works for N days" field (1 to ``maximumDays``, 14 by default).
    static func daysField(_ id: String, _ t: Localizer) -> HTML {
        """
        <div class="field"><label for="\(id)">\(t["console.invitations.days"])</label>
        <input id="\(id)" name="days" type="number" min="1" max="\(maximumDays)" value="14" required></div>
        """
    }

    /// Invitations by e-mail: addresses, a language, an expiry; or why not, without mail.
    static func emailForm(
        _ request: Request, context: ConsoleContext, problem: String?, addresses: String, _ t: Localizer
    ) -> HTML {
        let ready = context.messaging?.recovery.mailReady == true
        let content: HTML =
            ready
            ? """
            \(ErrorSummary.render(heading: t["join.error.summary"], problems: problem.map { [ErrorSummary.Problem($0, field: "addresses")] } ?? [], level: 3))
            <form class="stack" method="post" action="/console/invitations/email">\(Layout.csrfField(request))
            <div class="field"><label for="addresses">\(t["console.invitations.addresses"])</label>
            <p class="hint" id="addresses-hint">\(t["console.invitations.addressesHint"])</p>
            <textarea id="addresses" name="addresses" rows="4" required aria-describedby="addresses-hint">\(addresses)</textarea></div>
            <div class="field"><label for="invite-language">\(t["console.invitations.language"])</label>
            <select id="invite-language" name="language"><option value="en">English</option><option value="zh-Hans" lang="zh-Hans">简体中文</option></select></div>
            \(daysField("email-days", t))
            <div><button class="button" type="submit">\(t["console.invitations.send"])</button></div>
            </form>
            """
            : "<p class=\"hint\">\(t["console.mail.notConfigured"])</p>"
        return """
            <section class="card" aria-labelledby="email-heading">
            <h2 id="email-heading">\(t["console.invitations.byEmail"])</h2>
            \(content)
            </section>
            """
    }
}
