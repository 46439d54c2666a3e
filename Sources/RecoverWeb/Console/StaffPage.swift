import Foundation
import RecoverData
import Web

/// `/console/staff` (admins only): the study team's accounts and a form to add one; the generated password
/// is shown once, in the response to the form (never in a URL).
enum StaffPage {
    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let notice = ["deactivated", "reactivated", "resetSent", "resetNotSent"].first { request.query[$0] != nil }
        return .html(try render(request, context: context, created: nil, problem: nil, notice: notice))
    }

    /// `POST /console/staff/:id/deactivate` and `.../reactivate`: audited; a deactivated account's sessions end.
    static func setDeactivated(_ deactivated: Bool, _ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let messaging = try context.requireMessaging()
        let admin = try context.staff(request)
        do {
            try messaging.recovery.recovery.setDeactivated(
                deactivated, accountID: try request.parameter("id"), by: admin.id, at: context.services.now())
        } catch AccountStoreError.accountNotFound {
            throw HTTPError(.notFound)
        } catch AccountRecoveryError.notStaff {
            throw HTTPError(.notFound)
        } catch AccountRecoveryError.ownAccount {
            throw HTTPError(.conflict, "console.staff.error.own")
        } catch AccountRecoveryError.lastAdmin {
            throw HTTPError(.conflict, "console.staff.error.lastAdmin")
        }
        return .redirect(to: "/console/staff?\(deactivated ? "deactivated" : "reactivated")=1")
    }

    /// `POST /console/accounts/:id/reset-link`: an admin sends a staff member or a participant a reset link;
    /// back to where the button was.
    static func sendResetLink(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let messaging = try context.requireMessaging()
        let admin = try context.staff(request)
        guard messaging.recovery.mailReady, let linkBase = context.services.publicURL else {
            throw HTTPError(.conflict, "console.mail.notConfigured")
        }
        let id = try request.parameter("id")
        guard let account = try context.services.directory.account(id: id) else { throw HTTPError(.notFound) }
        let sent = try messaging.recovery.recovery.requestReset(
            accountID: id, language: request.language.tag, linkBase: linkBase, requestedBy: admin.id,
            at: context.services.now())
        let outcome = sent ? "resetSent" : "resetNotSent"
        return .redirect(
            to: account.role.isStaff ? "/console/staff?\(outcome)=1" : "/console/participants/\(id)?\(outcome)=1")
    }

    static func add(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let form = try request.form()
        guard let role = AccountRole(rawValue: form["role"] ?? ""), role.isStaff else {
            throw HTTPError(.badRequest, "error.badForm")
        }
        let email = form["email"] ?? ""
        let password = Enrollment.generatedPassword()
        let enrollment = Enrollment(
            directory: context.services.directory, hasher: context.services.hasher, now: context.services.now)
        do {
            let account = try enrollment.addStaff(
                email: email, role: role, password: password, timeZone: context.services.defaultTimeZone)
            return .html(
                try render(request, context: context, created: (account, password), problem: nil, notice: nil))
        } catch EnrollmentError.emailTaken {
            return .html(
                try render(request, context: context, created: nil, problem: "join.error.emailTaken", notice: nil),
                status: .unprocessableContent)
        } catch EnrollmentError.invalidEmail {
            return .html(
                try render(request, context: context, created: nil, problem: "join.error.email", notice: nil),
                status: .unprocessableContent)
        }
    }

    static func render(
        _ request: Request, context: ConsoleContext, created: (Account, String)?, problem: String?, notice: String?
    ) throws -> HTML {
        let t = Localizer(request.language)
        let staff = try context.records.staffAccounts()
        let zone = context.zone
        let me = request.account?.id
        let canMail = context.messaging?.recovery.mailReady == true
        let rows = staff.sorted { $0.createdAt < $1.createdAt }.map { account in
            let status: HTML =
                account.deactivatedAt.map { date in
                    "<span class=\"badge revoked\">\(t("console.staff.deactivatedSince", ["date": ConsoleFormat.date(date, in: zone)]))</span>"
                } ?? "<span class=\"badge open\">\(t["console.staff.active"])</span>"
            return HTML(
                "<tr><td>\(account.email)</td><td>\(t["role.\(account.role.rawValue)"])</td><td>\(ConsoleFormat.date(account.createdAt, in: zone))</td><td>\(status)</td><td>\(actions(for: account, isSelf: account.id == me, canMail: canMail, request: request, t))</td></tr>"
            )
        }
        let noticeHTML: HTML =
            notice.map { "<p class=\"notice\" role=\"status\">\(t["console.staff.notice.\($0)"])</p>" } ?? .empty
        let mailNote: HTML = canMail ? .empty : "<p class=\"hint\">\(t["console.mail.notConfigured"])</p>"
        let createdHTML: HTML =
            created.map { account, password in
                """
                <div class="notice" role="status"><p>\(t("console.staff.added", ["email": account.email]))</p>
                <p>\(t["console.staff.passwordOnce"])</p><p class="secret">\(password)</p></div>
                """
            } ?? .empty
        let roles = [AccountRole.researcher, .admin].map { role in
            HTML("<option value=\"\(role.rawValue)\">\(t["role.\(role.rawValue)"])</option>")
        }
        return ConsoleLayout.page(
            title: t["console.staff.title"], section: .staff, request: request,
            body: """
                <h1>\(t["console.staff.title"])</h1>
                \(noticeHTML)
                \(createdHTML)
                \(ConsoleLayout.table(caption: t["console.staff.caption"], head: [t["console.participant.email"], t["console.staff.role"], t["console.staff.since"], t["console.staff.status"], t["console.invitations.action"]], rows: rows))
                \(mailNote)
                <section class="card" aria-labelledby="add-heading">
                <h2 id="add-heading">\(t["console.staff.add"])</h2>
                \(ErrorSummary.render(heading: t["join.error.summary"], problems: problem.map { [ErrorSummary.Problem(t[$0], field: "email")] } ?? [], level: 3))
                <form class="stack" method="post" action="/console/staff">\(Layout.csrfField(request))
                \(FormField.input(name: "email", label: t["field.email"], type: "email", autocomplete: "off", error: problem.map { t[$0] }))
                <div class="field"><label for="role">\(t["console.staff.role"])</label>
                <select id="role" name="role">\(roles)</select></div>
                <div><button class="button" type="submit">\(t["console.staff.addButton"])</button></div>
                </form>
                </section>
                """)
    }

    /// The row's buttons: a reset link (when mail can go), and deactivate or reactivate (never one's own).
    static func actions(for account: Account, isSelf: Bool, canMail: Bool, request: Request, _ t: Localizer) -> HTML {
        let reset: HTML =
            canMail && !account.isDeactivated
            ? """
            <form method="post" action="/console/accounts/\(account.id)/reset-link">\(Layout.csrfField(request))\
            <button class="button secondary button-small" type="submit" aria-label="\(t("console.staff.resetLabel", ["email": account.email]))">\(t["console.staff.reset"])</button></form>
            """
            : .empty
        guard !isSelf else { return reset }
        let (path, key) =
            account.isDeactivated
            ? ("reactivate", "console.staff.reactivate") : ("deactivate", "console.staff.deactivate")
        return """
            <div class="toolbar">\(reset)<form method="post" action="/console/staff/\(account.id)/\(path)">\(Layout.csrfField(request))\
            <button class="button secondary button-small" type="submit" aria-label="\(t("\(key)Label", ["email": account.email]))">\(t[key])</button></form></div>
            """
    }
}
