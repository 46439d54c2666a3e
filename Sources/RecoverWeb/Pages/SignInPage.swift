import Foundation
import RecoverData
import Web

/// `GET /sign-in` and `POST /sign-in`: email and password, throttled, with one generic message
/// for every wrong combination.
///
/// The attempt is reserved with the throttle before the password is checked (docs/security.md): a browser
/// that must wait gets 429 with `Retry-After` and no password check at all. A right password releases the
/// reservation and marks the browser as a known device of the account.
enum SignInPage {
    /// The form; with a study, "Need help?" below it names the study team's contact.
    static func show(_ request: Request, study: StudyServices? = nil) throws -> Response {
        if let session = request.session { return .redirect(to: session.account.role.isStaff ? "/console" : "/") }
        let notice =
            request.query["joined"].map { _ in "signIn.joined" } ?? request.query["reset"].map { _ in "signIn.reset" }
        return .html(render(request, email: "", error: nil, noticeKey: notice, help: try help(request, study: study)))
    }

    /// "Need help?" with the study team's contact, for a participant who cannot sign in; nothing without a study.
    static func help(_ request: Request, study: StudyServices?) throws -> HTML {
        guard let study else { return .empty }
        return try ContactCard.signInHelp(request, study: study)
    }

    /// Signs in from the form. A page that signs in to go on (``SessionCarry``) gives its own form `action`,
    /// the `carried` hidden fields its form shows again after a wrong password, and `next`, which runs once
    /// signed in and may name where to go instead of the start page.
    static func submit(
        _ request: Request, services: WebServices, study: StudyServices? = nil, action: String = "/sign-in",
        carried: HTML = .empty, next: (Account) throws -> String? = { _ in nil }
    ) throws -> Response {
        let form = try request.form()
        let email = Account.normalizedEmail(form["email"] ?? "")
        let password = form["password"] ?? ""
        let account = try services.directory.account(email: email)
        let attempt = services.attempt(.account(email: email), account: account, request: request)
        let reservation: SignInThrottle.Reservation
        switch try services.throttle.reserve(attempt) {
        case .granted(let granted): reservation = granted
        case .wait(let seconds):
            let message = WebServices.waitMessage("signIn.error.wait", seconds: seconds, Localizer(request.language))
            return WebServices.tooManyAttempts(
                render(
                    request, email: email, error: message, action: action, carried: carried,
                    help: try help(request, study: study)), retryAfter: seconds)
        }
        // Verify against a fixed hash when the account is unknown, so both cases take the same time.
        let matches = services.hasher.verify(password, against: account?.passwordHash ?? services.unknownAccountHash)
        // A withdrawn participant still signs in: to download their data and their signed consent.
        guard let account, matches else {
            // The reservation stays: it is this failure.
            let message = Localizer(request.language)["signIn.error.wrong"]
            return .html(
                render(
                    request, email: email, error: message, action: action, carried: carried,
                    help: try help(request, study: study)), status: .unauthorized)
        }
        // Said only to someone who knows the password; the reservation stays, as for a failure.
        guard !account.isDeactivated else {
            let message = Localizer(request.language)["signIn.error.deactivated"]
            return .html(
                render(request, email: email, error: message, help: try help(request, study: study)), status: .forbidden
            )
        }
        try services.throttle.succeeded(reservation)
        let token = try services.sessions.start(for: account, replacing: services.sessionToken(of: request))
        var response = Response.redirect(to: try next(account) ?? (account.role.isStaff ? "/console" : "/"))
        response.cookies.append(services.sessionCookie(token: token, for: request))
        response.cookies.append(services.knownDeviceCookie(adding: account, for: request))
        return response
    }

    static func render(
        _ request: Request, email: String, error: String?, noticeKey: String? = nil, action: String = "/sign-in",
        carried: HTML = .empty, titleKey: String = "signIn.title", help: HTML = .empty
    ) -> HTML {
        let t = Localizer(request.language)
        let notice: HTML = noticeKey.map { "<p class=\"notice\" role=\"status\">\(t[$0])</p>" } ?? .empty
        return Layout.page(
            title: t[titleKey], request: request,
            body: """
                <h1>\(t[titleKey])</h1>
                \(notice)
                \(ErrorSummary.render(message: error))
                <form class="stack card" method="post" action="\(action)">
                \(Layout.csrfField(request))\(carried)
                \(FormField.input(name: "email", label: t["field.email"], type: "email", value: email, autocomplete: "username"))
                \(FormField.input(name: "password", label: t["field.password"], type: "password", autocomplete: "current-password"))
                <div><button class="button" type="submit">\(t["signIn.submit"])</button></div>
                </form>
                <p><a href="/forgot-password">\(t["signIn.forgot"])</a></p>
                <p class="hint">\(t["signIn.noAccount"])</p>
                \(help)
                """)
    }
}
