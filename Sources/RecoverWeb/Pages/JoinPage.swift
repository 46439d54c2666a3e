import Foundation
import RecoverData

/// `GET /join/:code` and `POST /join/:code`: a participant redeems an invitation by choosing an
/// email and a password; the browser's time zone arrives in a hidden field.
enum JoinPage {
    struct Problems {
        var email: String?
        var password: String?
        var confirmation: String?
        var general: String?
        var isEmpty: Bool { email == nil && password == nil && confirmation == nil && general == nil }
    }

    static func show(_ request: Request, services: WebServices) throws -> Response {
        let code = try request.parameter("code")
        guard try services.directory.invitationIsOpen(code: code) else {
            throw HTTPError(.notFound, "join.error.unavailable")
        }
        return .html(render(request, code: code, email: "", problems: Problems()))
    }

    static func submit(_ request: Request, services: WebServices) throws -> Response {
        let code = try request.parameter("code")
        guard try services.directory.invitationIsOpen(code: code) else {
            throw HTTPError(.notFound, "join.error.unavailable")
        }
        let form = try request.form()
        let email = Account.normalizedEmail(form["email"] ?? "")
        let password = form["password"] ?? ""
        var problems = Problems()
        if !Account.isPlausibleEmail(email) { problems.email = "join.error.email" }
        if let problem = PasswordPolicy.problem(with: password, email: email) { problems.password = problem.rawValue }
        if password != (form["confirmation"] ?? "") { problems.confirmation = "join.error.confirmation" }
        if problems.isEmpty {
            let zone =
                form["timeZone"].flatMap { TimeZone(identifier: $0) == nil ? nil : $0 } ?? services.defaultTimeZone
            let account = Account(
                email: email, passwordHash: try services.hasher.hash(password), role: .participant,
                language: request.language.tag, timeZone: zone, createdAt: services.now())
            do {
                try services.directory.redeemInvitation(code: code, account: account, at: services.now())
                let token = try services.sessions.start(for: account, replacing: services.sessionToken(of: request))
                var response = Response.redirect(to: "/")
                response.cookies.append(services.sessionCookie(token: token, for: request))
                return response
            } catch AccountDirectoryError.emailTaken {
                problems.email = "join.error.emailTaken"
            } catch AccountDirectoryError.invitationUnavailable {
                throw HTTPError(.notFound, "join.error.unavailable")
            }
        }
        return .html(render(request, code: code, email: email, problems: problems), status: .unprocessableContent)
    }

    static func render(_ request: Request, code: String, email: String, problems: Problems) -> HTML {
        let t = Localizer(request.language)
        let summary = problems.isEmpty ? nil : t["join.error.summary"]
        return Layout.page(
            title: t["join.title"], request: request, scripts: ["study/js/timezone.js"],
            body: """
                <h1>\(t["join.title"])</h1>
                <p>\(t["join.intro"])</p>
                \(FormField.alert(summary))
                <form class="stack card" method="post" action="/join/\(code)">
                \(Layout.csrfField(request))
                <input type="hidden" name="timeZone" value="" data-timezone>
                \(FormField.input(name: "email", label: t["field.email"], type: "email", value: email, autocomplete: "email", error: problems.email.map { t[$0] }))
                \(FormField.input(name: "password", label: t["field.newPassword"], type: "password", autocomplete: "new-password", hint: t["password.hint"], error: problems.password.map { t[$0] }, extra: " minlength=\"8\""))
                \(FormField.input(name: "confirmation", label: t["field.confirmPassword"], type: "password", autocomplete: "new-password", error: problems.confirmation.map { t[$0] }))
                <div><button class="button" type="submit">\(t["join.submit"])</button></div>
                </form>
                """)
    }
}
