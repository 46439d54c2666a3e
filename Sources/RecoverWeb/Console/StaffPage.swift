import Foundation
import RecoverData
import Web

/// `/console/staff` (admins only): the study team's accounts and a form to add one; the generated password
/// is shown once, in the response to the form (never in a URL).
enum StaffPage {
    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        return .html(try render(request, context: context, created: nil, problem: nil))
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
            return .html(try render(request, context: context, created: (account, password), problem: nil))
        } catch EnrollmentError.emailTaken {
            return .html(
                try render(request, context: context, created: nil, problem: "join.error.emailTaken"),
                status: .unprocessableContent)
        } catch EnrollmentError.invalidEmail {
            return .html(
                try render(request, context: context, created: nil, problem: "join.error.email"),
                status: .unprocessableContent)
        }
    }

    static func render(
        _ request: Request, context: ConsoleContext, created: (Account, String)?, problem: String?
    ) throws -> HTML {
        let t = Localizer(request.language)
        let staff = try context.records.staffAccounts()
        let zone = context.zone
        let rows = staff.sorted { $0.createdAt < $1.createdAt }.map { account in
            HTML(
                "<tr><td>\(account.email)</td><td>\(t["role.\(account.role.rawValue)"])</td><td>\(ConsoleFormat.date(account.createdAt, in: zone))</td></tr>"
            )
        }
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
                \(createdHTML)
                \(ConsoleLayout.table(caption: t["console.staff.caption"], head: [t["console.participant.email"], t["console.staff.role"], t["console.staff.since"]], rows: rows))
                <section class="card" aria-labelledby="add-heading">
                <h2 id="add-heading">\(t["console.staff.add"])</h2>
                \(FormField.alert(problem.map { t[$0] }))
                <form class="stack" method="post" action="/console/staff">\(Layout.csrfField(request))
                \(FormField.input(name: "email", label: t["field.email"], type: "email", autocomplete: "off", error: problem.map { t[$0] }))
                <div class="field"><label for="role">\(t["console.staff.role"])</label>
                <select id="role" name="role">\(roles)</select></div>
                <div><button class="button" type="submit">\(t["console.staff.addButton"])</button></div>
                </form>
                </section>
                """)
    }
}
