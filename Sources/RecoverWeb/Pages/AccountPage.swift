import Cryptography
import Foundation
import RecoverData
import Web

/// `/account`: language, time zone, password change and "sign out everywhere"; with a study, its sections
/// (``AccountStudySections``) between the preferences and the records, asked for by the page itself.
enum AccountPage {
    static func show(_ request: Request, study: StudyServices? = nil) throws -> Response {
        let notice =
            request.query["saved"].map { _ in "account.saved" }
            ?? request.query["withdrawn"].map { _ in "account.withdrawnNotice" }
        return .html(try render(request, noticeKey: notice, passwordProblem: nil, study: study))
    }

    static func savePreferences(_ request: Request, services: WebServices) throws -> Response {
        guard var account = request.account else { throw HTTPError(.unauthorized) }
        let form = try request.form()
        // The time zone has its own form (TimeZoneSection); this one may still carry it.
        let zone = form["timeZone"] ?? account.zoneIdentifier
        guard let language = Language(rawValue: form["language"] ?? ""), TimeZoneChoice.isKnown(zone) else {
            throw HTTPError(.badRequest, "error.badForm")
        }
        account.language = language.tag
        account.timeZone = zone
        try services.directory.updateAccount(account)
        var response = Response.redirect(to: "/account?saved=1")
        // Signed-out pages of this browser (sign-in after a timeout) keep the chosen language too.
        response.cookies.append(BuiltInRoutes.languageCookie(language, for: request))
        return response
    }

    static func changePassword(
        _ request: Request, services: WebServices, study: StudyServices? = nil
    ) throws -> Response {
        guard var account = request.account else { throw HTTPError(.unauthorized) }
        let form = try request.form()
        let current = form["current"] ?? ""
        let new = form["password"] ?? ""
        let t = Localizer(request.language)
        // The current password is checked as a sign-in is: a stolen session must not make it guessable.
        let attempt = services.attempt(.account(email: account.email), account: account, request: request)
        switch try services.throttle.reserve(attempt) {
        case .wait(let seconds):
            let message = WebServices.waitMessage("account.error.wait", seconds: seconds, t)
            return WebServices.tooManyAttempts(
                try render(request, noticeKey: nil, passwordProblem: ErrorSummary.Problem(message), study: study),
                retryAfter: seconds)
        case .granted(let reservation):
            guard services.hasher.verify(current, against: account.passwordHash) else {
                return .html(
                    try render(
                        request, noticeKey: nil,
                        passwordProblem: ErrorSummary.Problem(t["account.error.currentPassword"], field: "current"),
                        study: study),
                    status: .unprocessableContent)
            }
            try services.throttle.succeeded(reservation)
        }
        let problem: ErrorSummary.Problem?
        if let policy = PasswordPolicy.problem(with: new, email: account.email) {
            problem = ErrorSummary.Problem(t[policy.rawValue], field: "password")
        } else if new != (form["confirmation"] ?? "") {
            problem = ErrorSummary.Problem(t["join.error.confirmation"], field: "confirmation")
        } else {
            problem = nil
        }
        if let problem {
            return .html(
                try render(request, noticeKey: nil, passwordProblem: problem, study: study),
                status: .unprocessableContent)
        }
        account.passwordHash = try services.hasher.hash(new)
        // A new password ends every other session and tells the address; this browser gets a fresh session.
        let notice = AccountRecovery.noticeRequest(
            to: account, language: request.language.tag, linkBase: services.publicURL,
            cause: "change:\(Crypto.randomToken(bytes: 16))")
        try services.directory.changePassword(
            accountID: account.id, passwordHash: account.passwordHash, notice: notice, at: services.now())
        let token = try services.sessions.start(for: account, replacing: nil)
        var response = Response.redirect(to: "/account?saved=1")
        response.cookies.append(services.sessionCookie(token: token, for: request))
        return response
    }

    static func signOutEverywhere(_ request: Request, services: WebServices) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        try services.sessions.endAll(accountID: account.id)
        var response = Response.redirect(to: "/sign-in")
        response.cookies.append(services.clearedSessionCookie(for: request))
        return response
    }

    /// The page; `passwordProblem` is the password form's problem, already in the request's language, with the
    /// field it is about (none: a wait).
    static func render(
        _ request: Request, noticeKey: String?, passwordProblem: ErrorSummary.Problem?, study: StudyServices?
    ) throws -> HTML {
        let t = Localizer(request.language)
        guard let account = request.account else { return .empty }
        let studySections = try study.map { try AccountStudySections.render(request, study: $0) } ?? .empty
        let notice: HTML = noticeKey.map { "<p class=\"notice\" role=\"status\">\(t[$0])</p>" } ?? .empty
        let passwordError = { (field: String) in passwordProblem?.fieldID == field ? passwordProblem?.message : nil }
        let languageOptions = Language.allCases.map { language in
            let selected: HTML = language == request.language ? " selected" : .empty
            return HTML(
                "<option value=\"\(language.tag)\" lang=\"\(language.tag)\"\(selected)>\(language.nativeName)</option>")
        }
        return Layout.page(
            title: t["account.title"], request: request,
            body: """
                <h1>\(t["account.title"])</h1>
                \(notice)
                <p>\(t("account.signedInAs", ["email": account.email]))</p>
                <section class="card" aria-labelledby="preferences-heading">
                <h2 id="preferences-heading">\(t["account.preferences"])</h2>
                <form class="stack" method="post" action="/account/preferences">
                \(Layout.csrfField(request))
                <div class="field"><label for="language">\(t["account.language"])</label>
                <select id="language" name="language">\(languageOptions)</select></div>
                <div><button class="button" type="submit">\(t["account.save"])</button></div>
                </form>
                </section>
                \(PushSection.render(request))
                \(studySections)
                \(AccountRecordSections.render(request))
                <section class="card" aria-labelledby="password-heading">
                <h2 id="password-heading">\(t["account.changePassword"])</h2>
                \(ErrorSummary.render(heading: t["join.error.summary"], problems: passwordProblem.map { [$0] } ?? [], level: 3))
                <form class="stack" method="post" action="/account/password">
                \(Layout.csrfField(request))
                \(FormField.input(name: "current", label: t["field.currentPassword"], type: "password", autocomplete: "current-password", error: passwordError("current")))
                \(FormField.input(name: "password", label: t["field.newPassword"], type: "password", autocomplete: "new-password", hint: t["password.hint"], error: passwordError("password"), extra: " minlength=\"8\""))
                \(FormField.input(name: "confirmation", label: t["field.confirmPassword"], type: "password", autocomplete: "new-password", error: passwordError("confirmation")))
                <div><button class="button" type="submit">\(t["account.changePassword"])</button></div>
                </form>
                </section>
                <section class="card" aria-labelledby="sessions-heading">
                <h2 id="sessions-heading">\(t["account.sessions"])</h2>
                <p>\(t["account.signOutEverywhereHint"])</p>
                <form method="post" action="/account/sign-out-everywhere">
                \(Layout.csrfField(request))
                <button class="button secondary" type="submit">\(t["account.signOutEverywhere"])</button>
                </form>
                </section>
                """)
    }
}
