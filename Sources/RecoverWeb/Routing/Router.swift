/// Answers one request; handlers and middleware chains have this shape.
public typealias Responder = @Sendable (Request) throws -> Response

/// Who may reach a route.
public enum RouteAccess: Sendable, Hashable {
    /// Anyone.
    case `public`
    /// Any signed-in account.
    case signedIn
    /// Staff accounts (admin or researcher) only.
    case staff
}

/// One route: method, path pattern, access rule and handler.
public struct Route: Sendable {
    public let method: HTTPMethod
    /// The pattern, for example `/survey/:task/:occurrence`; `:name` captures one path segment.
    public let pattern: String
    public let access: RouteAccess
    public let handler: Responder
    let segments: [Segment]

    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    init(method: HTTPMethod, pattern: String, access: RouteAccess, handler: @escaping Responder) {
        self.method = method
        self.pattern = pattern
        self.access = access
        self.handler = handler
        segments = Router.split(pattern).map {
            $0.hasPrefix(":") ? .parameter(String($0.dropFirst())) : .literal(String($0))
        }
    }

    func match(_ parts: [Substring]) -> [String: String]? {
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text): if text != part { return nil }
            case .parameter(let name): parameters[name] = String(part)
            }
        }
        return parameters
    }
}

/// Routes by method and path pattern, telling "no such path" (404) from "not this method" (405).
///
/// ```swift
/// var router = Router()
/// router.get("/healthz") { _ in .text("ok") }
/// router.post("/account/password", access: .signedIn) { request in ... }
/// ```
public struct Router: Sendable {
    public private(set) var routes: [Route] = []
    /// Routes added a second time (`GET /x`): ``WebApp`` refuses to start with any, rather than let a later
    /// route silently replace an earlier one.
    public private(set) var duplicates: [String] = []

    public init() {}

    /// Adds a route; a second route with the same method and pattern is recorded in ``duplicates``.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, access: RouteAccess = .public, _ handler: @escaping Responder
    ) {
        if routes.contains(where: { $0.method == method && $0.pattern == pattern }) {
            duplicates.append("\(method.rawValue) \(pattern)")
            return
        }
        routes.append(Route(method: method, pattern: pattern, access: access, handler: handler))
    }

    /// Replaces the route with this method and pattern (or adds it): the one deliberate way to put a page in
    /// place of another, such as the study's feed in place of the built-in start page.
    public mutating func replace(
        _ method: HTTPMethod, _ pattern: String, access: RouteAccess = .public, _ handler: @escaping Responder
    ) {
        routes.removeAll { $0.method == method && $0.pattern == pattern }
        routes.append(Route(method: method, pattern: pattern, access: access, handler: handler))
    }

    /// Adds a GET route (HEAD is answered by it too).
    public mutating func get(_ pattern: String, access: RouteAccess = .public, _ handler: @escaping Responder) {
        add(.get, pattern, access: access, handler)
    }

    /// Adds a POST route.
    public mutating func post(_ pattern: String, access: RouteAccess = .public, _ handler: @escaping Responder) {
        add(.post, pattern, access: access, handler)
    }

    /// The result of looking a request up.
    public enum Match: Sendable {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    /// The route for `method` and `path`.
    public func match(method: HTTPMethod, path: String) -> Match {
        let parts = Self.split(path)
        let wanted = method == .head ? HTTPMethod.get : method
        var allowed: [HTTPMethod] = []
        for route in routes {
            guard let parameters = route.match(parts) else { continue }
            if route.method == wanted { return .found(route, parameters: parameters) }
            allowed.append(route.method)
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}
