/// A web application: the router and the app's middleware, served by ``HTTPServer`` or called in-process
/// (tests, benchmarks) with the same result.
///
/// One match per request: the route is looked up once (by the transport as soon as the headers have arrived,
/// so its group's body limit applies to the body), every middleware sees the route pattern, and the chain's
/// last link checks the route's ``Access`` and calls its handler. For a route with a large or spooled body,
/// or a ``Route/beforeBody`` check, the chain first runs on the headers alone (``Request/bodyPending``, the
/// last link then answering `100 Continue` instead of calling the handler), and the body is read only when
/// that lets it through.
///
/// ```swift
/// var router = Router()
/// router.get("/healthz") { _ in .text("ok") }
/// let application = try Application(router: router, middleware: [ErrorMiddleware(catalog: catalog)])
/// let response = application.respond(to: Request(method: .get, path: "/healthz"))
/// ```
public struct Application: Sendable {
    /// The routes.
    public let router: Router
    private let chain: Responder

    /// An application answering through `middleware` (outermost first); throws ``DuplicateRouteError`` when
    /// two routes answer the same method and path.
    public init(router: Router, middleware: [any Middleware]) throws {
        guard router.duplicates.isEmpty else { throw DuplicateRouteError(routes: router.duplicates) }
        self.router = router
        chain = middleware.chained { request in
            guard let route = request.route else { throw request.routingError ?? HTTPError(.notFound) }
            if case .answer(let response) = try route.access.check(request) { return response }
            if request.bodyPending {
                try route.beforeBody?(request)
                return Response(status: .continue)
            }
            return try route.handler(request)
        }
    }

    /// Answers `request` in-process, holding its body to the route's limit (and streaming it to a file for a
    /// spooled route) as the transport would, after the same checks on its headers alone; never throws (the
    /// last resort is a bare 500).
    public func respond(to request: Request) -> Response {
        var request = request
        let limit: BodyLimit
        switch admit(&request) {
        case .answer(let response): return response
        case .body(let routeLimit): limit = routeLimit
        }
        var spool: UploadSpool?
        if request.body.count > limit.bytes {
            request.body = []
            request.bodyExceededLimit = true
        } else if let spooling = limit.spooling, request.upload == nil {
            let spooled = UploadSpool.spool(request.body, with: spooling)
            spool = spooled?.0
            request.upload = spooled?.1
            request.body = []
        }
        return withExtendedLifetime(spool) { respond(toAdmitted: request) }
    }

    /// What the application decides when a request's headers have arrived.
    enum Admission {
        /// Read the body, up to this limit (and to disk when it spools).
        case body(BodyLimit)
        /// Answer this without reading the body.
        case answer(Response)
    }

    /// Matches `request` (the one match) and records the route on it. For a route that checks its headers
    /// (``Route/checksHeaders(comparedTo:)``) the chain runs on the headers alone first, and a refusal there is
    /// the answer; otherwise the body is read up to the route's limit (the router's when nothing matched).
    func admit(_ request: inout Request) -> Admission {
        switch router.match(method: request.method, path: request.path) {
        case .found(let route, let parameters):
            request.routePattern = route.pattern
            request.parameters = parameters
            request.route = route
            guard route.checksHeaders(comparedTo: router.bodyLimit) else { return .body(route.bodyLimit) }
            var headers = request
            headers.body = []
            headers.upload = nil
            headers.bodyPending = true
            let early = respond(toAdmitted: headers)
            return early.status == .continue ? .body(route.bodyLimit) : .answer(early)
        case let other:
            request.routingError = Self.routingError(other)
            return .body(router.bodyLimit)
        }
    }

    /// Runs the chain for a request ``admit(_:)`` has matched.
    func respond(toAdmitted request: Request) -> Response {
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

/// Two routes with the same method and pattern: the application refuses to start.
public struct DuplicateRouteError: Error, CustomStringConvertible {
    /// The routes added twice (`GET /x`).
    public let routes: [String]

    /// `routes added twice: GET /x, POST /y`.
    public var description: String { "routes added twice: \(routes.joined(separator: ", "))" }
}
