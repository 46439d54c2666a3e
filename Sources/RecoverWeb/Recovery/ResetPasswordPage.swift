import Foundation
import RecoverData
import Web

/// `GET /reset-password` and `POST /reset-password`: the reset code (from the link's `#`, moved into the
/// form by `reset-code.js`, or pasted) and a new password. A code that is wrong, used or expired gets a page
/// that says what to do and changes nothing; a right one sets the password, ends every session and sends
/// the notice, then the person signs in.
enum ResetPasswordPage {
    struct Problems {
        var code: String?
        var password: String?
        var confirmation: String?
        var isEmpty: Bool { code == nil && password == nil && confirmation == nil }
    }

    static func show(_ request: Request) throws -> Response {
        .html(render(request, code: "", problems: Problems()))
    }

    static func submit(_ request: Request, services: WebServices, recovery: RecoveryServices) throws -> Response {
        let form = try request.form()
        let code = (form["code"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let password = form["password"] ?? ""
        let now = services.now()
        let account: Account
        switch try recovery.recovery.state(ofToken: code, at: now) {
        case .valid(let found): account = found
        case .unknown: return dead(request, key: "recovery.reset.unknown", status: .badRequest)
        case .used: return dead(request, key: "recovery.reset.used", status: .gone)
        case .expired: return dead(request, key: "recovery.reset.expired", status: .gone)
        }
        var problems = Problems()
        if let problem = PasswordPolicy.problem(with: password, email: account.email) {
            problems.password = problem.rawValue
        }
        if password != (form["confirmation"] ?? "") { problems.confirmation = "join.error.confirmation" }
        guard problems.isEmpty else {
            return .html(render(request, code: code, problems: problems), status: .unprocessableContent)
        }
        do {
            try recovery.recovery.completeReset(
                token: code, passwordHash: try services.hasher.hash(password), language: request.language.tag,
                linkBase: services.publicURL, at: now)
        } catch AccountRecoveryError.usedToken {
            // A second tab, or a double click, used it between the check and now.
            return dead(request, key: "recovery.reset.used", status: .gone)
        } catch AccountRecoveryError.expiredToken {
            return dead(request, key: "recovery.reset.expired", status: .gone)
        }
        var response = Response.redirect(to: "/sign-in?reset=1")
        response.cookies.append(services.clearedSessionCookie(for: request))
        return response
    }

    /// The page for a code that cannot be used: why, and the way on (a new link, or signing in).
    static func dead(_ request: Request, key: String, status: HTTPStatus) -> Response {
        let t = Localizer(request.language)
        let page = Layout.page(
            title: t["recovery.reset.title"], request: request,
            body: """
                <h1>\(t["recovery.reset.title"])</h1>
                <p class="alert" role="alert">\(t[key])</p>
                <p><a class="button" href="/forgot-password">\(t["recovery.reset.newLink"])</a></p>
                <p><a href="/sign-in">\(t["recovery.backToSignIn"])</a></p>
                """)
        return .html(page, status: status)
    }

    static func render(_ request: Request, code: String, problems: Problems) -> HTML {
        let t = Localizer(request.language)
        let summary = ErrorSummary.render(
            heading: t["join.error.summary"],
            problems: ErrorSummary.problems(fields: [
                ("code", problems.code.map { t[$0] }), ("password", problems.password.map { t[$0] }),
                ("confirmation", problems.confirmation.map { t[$0] }),
            ]))
        return Layout.page(
            title: t["recovery.reset.title"], request: request,
            body: """
                <h1>\(t["recovery.reset.title"])</h1>
                <p>\(t["recovery.reset.intro"])</p>
                \(summary)
                <form class="stack card" method="post" action="/reset-password">
                \(Layout.csrfField(request))
                \(FormField.input(name: "code", label: t["recovery.reset.code"], value: code, autocomplete: "off", hint: t["recovery.reset.codeHint"], error: problems.code.map { t[$0] }, extra: " data-reset-code spellcheck=\"false\" autocapitalize=\"none\""))
                \(FormField.input(name: "password", label: t["field.newPassword"], type: "password", autocomplete: "new-password", hint: t["password.hint"], error: problems.password.map { t[$0] }, extra: " minlength=\"8\""))
                \(FormField.input(name: "confirmation", label: t["field.confirmPassword"], type: "password", autocomplete: "new-password", error: problems.confirmation.map { t[$0] }))
                <div><button class="button" type="submit">\(t["recovery.reset.submit"])</button></div>
                </form>
                """)
    }
}
