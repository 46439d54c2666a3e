import Foundation
import Web

/// A small app on the framework alone, for the framework's tests: a catalog with the error pages' strings,
/// the framework's middleware, and a members-only rule keyed on a `session` cookie.
enum TestApp {
    static let catalog = Catalog([
        .english: [
            "error.400.title": "Bad request", "error.403.title": "Not allowed", "error.401.title": "Please sign in",
            "error.404.title": "Page not found", "error.405.title": "Not allowed here", "error.413.title": "Too large",
            "error.500.title": "Something went wrong", "error.400.message": "The request was not understood.",
            "error.401.message": "Sign in to continue.", "error.403.message": "You may not do this.",
            "error.404.message": "There is no page here.", "error.405.message": "Not this way.",
            "error.413.message": "What you sent is too large.", "error.500.message": "Something broke on our side.",
            "error.badForm": "The form could not be read.", "error.csrf": "The form has expired.",
        ],
        .simplifiedChinese: ["error.404.title": "找不到页面"],
    ])

    /// Members: anyone whose request carries a `session` cookie (a test's stand-in for a signed-in session).
    static let member = Access("member") { request in
        if request.cookies["session"] == nil {
            if request.method == .get { return .answer(.redirect(to: "/sign-in")) }
            throw HTTPError(.unauthorized)
        }
        return .allow
    }

    /// Settles the CSRF token from the `csrf` cookie (or mints one) and the language from `Accept-Language`.
    struct Session: Middleware {
        func respond(to request: Request, next: Responder) throws -> Response {
            var request = request
            request.language = request.headers["accept-language"].flatMap(Language.preferred) ?? .english
            let cookie = CSRFMiddleware.assignToken(
                &request, cookie: "csrf", sessionToken: nil, mint: { UUID().uuidString + UUID().uuidString })
            var response = try next(request)
            if let cookie { response.cookies.append(cookie) }
            return response
        }
    }

    /// The framework's chain around `router`'s routes.
    static func application(_ router: Router, log: @escaping @Sendable (String) -> Void = { _ in }) throws
        -> Application
    {
        try Application(
            router: router,
            middleware: [
                RequestLogMiddleware(write: log), SecurityHeadersMiddleware(), Session(),
                ErrorMiddleware(catalog: catalog, report: log), BodyLimitMiddleware(), CSRFMiddleware(),
            ])
    }

    /// An app with `GET /healthz`, a form at `/sign-in` and what `configure` adds, its routes accepting bodies
    /// up to `bodyLimit`.
    static func application(
        bodyLimit: BodyLimit = .default, configure: (inout Router) -> Void = { _ in }
    ) throws -> Application {
        var router = Router(bodyLimit: bodyLimit)
        router.get("/healthz") { _ in .text("ok") }
        router.get("/sign-in") { request in
            .html("<form method=\"post\"><input type=\"hidden\" name=\"csrf\" value=\"\(request.csrfToken)\"></form>")
        }
        router.post("/sign-in") { request in .text("signed in as \(try request.form().required("email"))") }
        configure(&router)
        return try application(router)
    }

    /// A live server for `application` on a free port of 127.0.0.1, with what `configure` changes.
    static func serve(
        _ application: Application, configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws -> HTTPServer {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = 2
        configure(&configuration)
        return try HTTPServer(configuration: configuration, application: application)
    }
}
