import Cryptography
import Foundation
import RecoverData
import Web

/// `GET /forgot-password` and `POST /forgot-password`: an e-mail address in, the same answer out whether or
/// not it has an account (no account enumeration), a reset link queued when it has one.
///
/// Requests are throttled per address typed (3 an hour) and per network (20 an hour), counted before the
/// account is looked up, so the throttle says nothing about accounts either.
enum ForgotPasswordPage {
    /// Reset requests per e-mail address: 3 an hour, then at most one every 20 minutes.
    static let perEmail = ThrottleLimits(allowance: 3, window: 3600, baseDelay: 1200, maximumDelay: 1200)
    /// Reset requests per network: 20 an hour.
    static let perNetwork = ThrottleLimits(allowance: 20, window: 3600, baseDelay: 60, maximumDelay: 600)

    static func show(_ request: Request, recovery: RecoveryServices) throws -> Response {
        .html(render(request, recovery: recovery, email: "", problem: nil))
    }

    static func submit(_ request: Request, services: WebServices, recovery: RecoveryServices) throws -> Response {
        let t = Localizer(request.language)
        guard recovery.mailReady, let linkBase = services.publicURL else {
            return .html(render(request, recovery: recovery, email: "", problem: nil), status: .conflict)
        }
        let form = try request.form()
        let email = Account.normalizedEmail(form["email"] ?? "")
        guard Account.isPlausibleEmail(email), MailAddress.isValid(email) else {
            return .html(
                render(
                    request, recovery: recovery, email: email,
                    problem: ErrorSummary.Problem(t["join.error.email"], field: "email")),
                status: .unprocessableContent)
        }
        let rules = [
            ThrottleRule(key: "reset-request:" + Crypto.sha256Hex(email), limits: perEmail),
            ThrottleRule(
                key: "reset-network:"
                    + Crypto.sha256Hex(SignInThrottle.addressGroup(services.clientAddress(of: request))),
                limits: perNetwork),
        ]
        switch try services.directory.reserveAttempt(Crypto.randomToken(bytes: 16), under: rules, at: services.now()) {
        case .wait(let seconds):
            let wait = max(1, Int(seconds.rounded(.up)))
            let message = WebServices.waitMessage("recovery.error.wait", seconds: wait, t)
            return WebServices.tooManyAttempts(
                render(request, recovery: recovery, email: email, problem: ErrorSummary.Problem(message)),
                retryAfter: wait)
        case .reserved:
            // Whether a message was queued is deliberately not looked at: the answer is the same.
            _ = try recovery.recovery.requestReset(
                email: email, language: request.language.tag, linkBase: linkBase, at: services.now())
            return .html(sent(request))
        }
    }

    static func render(
        _ request: Request, recovery: RecoveryServices, email: String, problem: ErrorSummary.Problem?
    ) -> HTML {
        let t = Localizer(request.language)
        guard recovery.mailReady else {
            return Layout.page(
                title: t["recovery.forgot.title"], request: request,
                body: """
                    <h1>\(t["recovery.forgot.title"])</h1>
                    <p class="notice" role="status">\(t["recovery.noMail"])</p>
                    <p><a href="/sign-in">\(t["recovery.backToSignIn"])</a></p>
                    """)
        }
        return Layout.page(
            title: t["recovery.forgot.title"], request: request,
            body: """
                <h1>\(t["recovery.forgot.title"])</h1>
                <p>\(t["recovery.forgot.intro"])</p>
                \(ErrorSummary.render(heading: t["join.error.summary"], problems: problem.map { [$0] } ?? []))
                <form class="stack card" method="post" action="/forgot-password">
                \(Layout.csrfField(request))
                \(FormField.input(name: "email", label: t["field.email"], type: "email", value: email, autocomplete: "email", error: problem?.fieldID == "email" ? problem?.message : nil))
                <div><button class="button" type="submit">\(t["recovery.forgot.submit"])</button></div>
                </form>
                <p><a href="/sign-in">\(t["recovery.backToSignIn"])</a></p>
                """)
    }

    static func sent(_ request: Request) -> HTML {
        let t = Localizer(request.language)
        return Layout.page(
            title: t["recovery.sent.title"], request: request,
            body: """
                <h1>\(t["recovery.sent.title"])</h1>
                <p class="notice" role="status">\(t["recovery.sent.body"])</p>
                <p>\(t["recovery.sent.spam"])</p>
                <p><a href="/sign-in">\(t["recovery.backToSignIn"])</a></p>
                """)
    }
}
