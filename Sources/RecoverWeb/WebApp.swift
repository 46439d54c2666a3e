import Foundation

/// The web application: routes plus the responder chain, callable without a socket.
///
/// ```swift
/// let app = WebApp(services: services)
/// let response = app.respond(to: Request(method: .get, path: "/healthz"))
/// ```
///
/// Chain, outermost first: request log → security headers → session and language → error pages →
/// body limit → CSRF → access rules → the route's handler.
public struct WebApp: Sendable {
    public let router: Router
    public let services: WebServices
    private let chain: Responder

    /// An app with Recover's built-in pages; `configure` may add routes or replace built-in ones
    /// (a route added later with the same method and pattern wins).
    public init(
        services: WebServices,
        log: @escaping @Sendable (String) -> Void = { _ in },
        configure: (inout Router, WebServices) -> Void = { _, _ in }
    ) {
        var routes = Router()
        BuiltInRoutes.add(to: &routes, services: services)
        configure(&routes, services)
        let router = routes
        self.router = router
        self.services = services
        let middleware: [any Middleware] = [
            RequestLogMiddleware(write: log),
            SecurityHeadersMiddleware(),
            SessionMiddleware(sessions: services.sessions),
            ErrorMiddleware(report: log),
            BodyLimitMiddleware(),
            CSRFMiddleware(),
            AuthMiddleware(),
        ]
        chain = middleware.chained { request in
            guard let handlerRoute = router.match(method: request.method, path: request.path).route else {
                throw WebApp.routingError(router.match(method: request.method, path: request.path))
            }
            return try handlerRoute.handler(request)
        }
    }

    /// Answers `request`; never throws (the last resort is a bare 500).
    public func respond(to request: Request) -> Response {
        var request = request
        if case .found(let route, let parameters) = router.match(method: request.method, path: request.path) {
            request.routePattern = route.pattern
            request.parameters = parameters
            request.access = route.access
        }
        do {
            return try chain(request)
        } catch {
            return Response.text("Internal Server Error", status: .internalServerError)
        }
    }

    static func routingError(_ match: Router.Match) -> HTTPError {
        if case .methodNotAllowed(let allowed) = match {
            var error = HTTPError(.methodNotAllowed)
            error.headers["Allow"] = allowed.map(\.rawValue).joined(separator: ", ")
            return error
        }
        return HTTPError(.notFound)
    }
}

extension Router.Match {
    var route: Route? {
        if case .found(let route, _) = self { return route }
        return nil
    }
}
