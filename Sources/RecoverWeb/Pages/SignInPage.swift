import Cryptography
import Foundation
import RecoverData
import Web

/// `GET /sign-in` and `POST /sign-in`: email and password, throttled, with one generic message
/// for every wrong combination.
enum SignInPage {
    static func show(_ request: Request) throws -> Response {
        if let session = request.session { return .redirect(to: session.account.role.isStaff ? "/console" : "/") }
        return .html(render(request, email: "", errorKey: nil))
    }

    static func submit(_ request: Request, services: WebServices) throws -> Response {
        let form = try request.form()
        let email = Account.normalizedEmail(form["email"] ?? "")
        let password = form["password"] ?? ""
        if try services.throttle.isBlocked(email: email, address: request.clientAddress) {
            return .html(render(request, email: email, errorKey: "signIn.error.throttled"), status: .tooManyRequests)
        }
        let account = try services.directory.account(email: email)
        // Verify against a fixed hash when the account is unknown, so both cases take the same time.
        let matches = services.hasher.verify(password, against: account?.passwordHash ?? dummyHash)
        // A withdrawn participant still signs in: to download their data and their signed consent.
        guard let account, matches else {
            try services.throttle.recordFailure(email: email, address: request.clientAddress)
            return .html(render(request, email: email, errorKey: "signIn.error.wrong"), status: .unauthorized)
        }
        try services.throttle.recordSuccess(email: email)
        let token = try services.sessions.start(for: account, replacing: services.sessionToken(of: request))
        var response = Response.redirect(to: account.role.isStaff ? "/console" : "/")
        response.cookies.append(services.sessionCookie(token: token, for: request))
        return response
    }

    /// A valid Argon2id hash of a random password, computed once.
    static let dummyHash: String = (try? PasswordHasher().hash(Crypto.randomToken())) ?? ""

    static func render(_ request: Request, email: String, errorKey: String?) -> HTML {
        let t = Localizer(request.language)
        return Layout.page(
            title: t["signIn.title"], request: request,
            body: """
                <h1>\(t["signIn.title"])</h1>
                \(FormField.alert(errorKey.map { t[$0] }))
                <form class="stack card" method="post" action="/sign-in">
                \(Layout.csrfField(request))
                \(FormField.input(name: "email", label: t["field.email"], type: "email", value: email, autocomplete: "username"))
                \(FormField.input(name: "password", label: t["field.password"], type: "password", autocomplete: "current-password"))
                <div><button class="button" type="submit">\(t["signIn.submit"])</button></div>
                </form>
                <p class="hint">\(t["signIn.noAccount"])</p>
                """)
    }
}
