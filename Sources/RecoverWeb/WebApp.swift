import Foundation
import RecoverData

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

    /// An app with Recover's built-in pages and the routes `configure` adds; throws ``DuplicateRouteError``
    /// when two routes have the same method and pattern.
    public init(
        services: WebServices,
        log: @escaping @Sendable (String) -> Void = { _ in },
        configure: (inout Router, WebServices) -> Void = { _, _ in }
    ) throws {
        var routes = Router()
        BuiltInRoutes.add(to: &routes, services: services)
        configure(&routes, services)
        guard routes.duplicates.isEmpty else { throw DuplicateRouteError(routes: routes.duplicates) }
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
            guard let handler = request.handler else { throw request.routingError ?? HTTPError(.notFound) }
            return try handler(request)
        }
    }

    /// Answers `request`; never throws (the last resort is a bare 500).
    public func respond(to request: Request) -> Response {
        var request = request
        // One match per request: the chain's last link calls the handler found here.
        switch router.match(method: request.method, path: request.path) {
        case .found(let route, let parameters):
            request.routePattern = route.pattern
            request.parameters = parameters
            request.access = route.access
            request.handler = route.handler
        case let other:
            request.routingError = WebApp.routingError(other)
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

/// Two routes with the same method and pattern: the app refuses to start.
public struct DuplicateRouteError: Error, CustomStringConvertible {
    /// The routes added twice (`GET /x`).
    public let routes: [String]

    public var description: String { "routes added twice: \(routes.joined(separator: ", "))" }
}
