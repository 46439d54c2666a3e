import Foundation
import RecoverData
import Web

/// Recover's web application: the built-in pages, the routes `configure` adds, and Recover's middleware on
/// the framework's ``Application``; callable without a socket.
///
/// ```swift
/// let app = try WebApp(services: services)
/// let response = app.respond(to: Request(method: .get, path: "/healthz"))
/// let server = try HTTPServer(configuration: configuration, application: app.application)
/// ```
///
/// Chain, outermost first: request log → trusted proxy → compression → security headers → page validators
/// (not for the console) → visitor language → error pages → session and language → error pages → body limit →
/// CSRF, then the matched route's access rule (its area's) and its handler.
public struct WebApp: Sendable {
    /// What the transport serves.
    public let application: Application
    /// The services the app was made with, as the route handlers see them.
    public let services: WebServices

    /// The routes.
    public var router: Router { application.router }

    /// An app with Recover's built-in pages and the routes `configure` adds; throws ``DuplicateRouteError``
    /// when two routes have the same method and pattern. With `study`, the built-in start, account and
    /// sign-in pages show its parts (the care feed, the account's study sections, the team's contact).
    public init(
        services: WebServices,
        study: StudyServices? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in },
        configure: (inout Router, WebServices) -> Void = { _, _ in }
    ) throws {
        var router = Router()
        BuiltInRoutes.add(to: &router, services: services, study: study)
        configure(&router, services)
        self.services = services
        application = try Application(
            router: router,
            middleware: [
                RequestLogMiddleware(write: log),
                TrustedProxyMiddleware(services: services),
                CompressionMiddleware(),
                SecurityHeadersMiddleware(),
                // The console's pages show many participants' records to staff, often on shared desks: never kept.
                ConditionalPagesMiddleware { !$0.path.hasPrefix("/console") },
                VisitorLanguageMiddleware(),
                // Outside the session too: a database that cannot be reached fails the session lookup first.
                ErrorMiddleware(catalog: .recover, report: log, page: ErrorPage.render, classify: Self.classify),
                SessionMiddleware(sessions: services.sessions),
                ErrorMiddleware(catalog: .recover, report: log, page: ErrorPage.render, classify: Self.classify),
                BodyLimitMiddleware(),
                CSRFMiddleware(),
            ])
    }

    /// The study database out of reach: 503 with `Retry-After`, nothing was written.
    @Sendable static func classify(_ error: any Error) -> HTTPError? {
        guard StudyStorage.isUnavailable(error) else { return nil }
        var unavailable = HTTPError(.serviceUnavailable)
        unavailable.headers["Retry-After"] = "5"
        return unavailable
    }

    /// Answers `request`; never throws (the last resort is a bare 500).
    public func respond(to request: Request) -> Response { application.respond(to: request) }
}
