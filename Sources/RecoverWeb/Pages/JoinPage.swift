import Foundation
import RecoverData
import Web

/// `GET /join/:code` and `POST /join/:code`: a participant redeems an invitation by choosing an
/// email and a password; the browser's time zone arrives in a hidden field.
///
/// A valid form always gets the same answer, whether or not the e-mail has an account (no account
/// enumeration, docs/security.md): the invitation is used up, an account is made only for a new address, and
/// the browser goes to the sign-in page, which asks to sign in with the password of the account. The hash of
/// the new password is reserved with the throttle (per invitation and per address) before it is computed.
enum JoinPage {
    struct Problems {
        var email: String?
        var password: String?
        var confirmation: String?
        /// A message about the whole form, already in the request's language.
        var general: String?
        var isEmpty: Bool { email == nil && password == nil && confirmation == nil && general == nil }
    }

    static func show(_ request: Request, services: WebServices) throws -> Response {
        let code = try request.parameter("code")
        let status = try services.directory.invitationStatus(code: code, at: services.now())
        guard status == .open else { return unavailable(request, status: status) }
        return .html(render(request, code: code, email: "", problems: Problems()))
    }

    /// The page for a link that cannot be used: why, and what to do instead (sign in, or ask the study team
    /// for a new invitation); 404 for a code that never was one, 410 for one that was.
    static func unavailable(_ request: Request, status: Invitation.Status?) -> Response {
        let t = Localizer(request.language)
        let reason = status.map { "join.dead.\($0.rawValue)" } ?? "join.dead.unknown"
        let way: HTML =
            request.session != nil
            ? "<p><a class=\"button\" href=\"/\">\(t["error.backHome"])</a></p>"
            : status == .used
                ? """
                <p><a class="button" href="/sign-in">\(t["signIn.submit"])</a></p>
                <p><a href="/forgot-password">\(t["signIn.forgot"])</a></p>
                """
                : "<p>\(t["join.dead.askTeam"])</p>"
        let title = status == .used && request.session == nil ? t["join.dead.usedTitle"] : t["join.dead.title"]
        let page = Layout.page(
            title: title, request: request,
            body: """
                <h1>\(title)</h1>
                <p class="alert" role="alert">\(t[reason])</p>
                \(way)
                """)
        return .html(page, status: status == nil ? .notFound : .gone)
    }

    static func submit(_ request: Request, services: WebServices) throws -> Response {
        let code = try request.parameter("code")
        let status = try services.directory.invitationStatus(code: code, at: services.now())
        guard status == .open else { return unavailable(request, status: status) }
        let form = try request.form()
        let email = Account.normalizedEmail(form["email"] ?? "")
        let password = form["password"] ?? ""
        var problems = Problems()
        if !Account.isPlausibleEmail(email) { problems.email = "join.error.email" }
        if let problem = PasswordPolicy.problem(with: password, email: email) { problems.password = problem.rawValue }
        if password != (form["confirmation"] ?? "") { problems.confirmation = "join.error.confirmation" }
        guard problems.isEmpty else {
            return .html(render(request, code: code, email: email, problems: problems), status: .unprocessableContent)
        }
        let attempt = services.attempt(.invitation(code: code), account: nil, request: request)
        switch try services.throttle.reserve(attempt) {
        case .wait(let seconds):
            problems.general = WebServices.waitMessage("join.error.wait", seconds: seconds, Localizer(request.language))
            let page = render(request, code: code, email: email, problems: problems)
            return WebServices.tooManyAttempts(page, retryAfter: seconds)
        case .granted(let reservation):
            let zone =
                form["timeZone"].flatMap { TimeZoneChoice.isKnown($0) ? $0 : nil } ?? services.defaultTimeZone
            let account = Account(
                email: email, passwordHash: try services.hasher.hash(password), role: .participant,
                language: request.language.tag, timeZone: zone, createdAt: services.now())
            do {
                // Whether an account was made is deliberately not looked at: the answer is the same.
                _ = try services.directory.redeemInvitationEvenIfEmailTaken(
                    code: code, account: account, at: services.now())
            } catch AccountDirectoryError.invitationUnavailable {
                return Self.unavailable(request, status: .used)
            }
            try services.throttle.succeeded(reservation)
            return .redirect(to: "/sign-in?joined=1")
        }
    }

    static func render(_ request: Request, code: String, email: String, problems: Problems) -> HTML {
        let t = Localizer(request.language)
        let summary = ErrorSummary.render(
            heading: t["join.error.summary"],
            problems: ErrorSummary.problems(
                fields: [
                    ("email", problems.email.map { t[$0] }), ("password", problems.password.map { t[$0] }),
                    ("confirmation", problems.confirmation.map { t[$0] }),
                ], general: problems.general))
        return Layout.page(
            title: t["join.title"], request: request,
            body: """
                <h1>\(t["join.title"])</h1>
                <p>\(t["join.intro"])</p>
                \(summary)
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
