/// Routes by method and path pattern, telling "no such path" (404) from "not this method" (405).
///
/// Routes live in groups that carry their path prefix, their access rule and their body limit, so an area of
/// the site declares who may reach it in one place:
///
/// ```swift
/// var router = Router()
/// router.get("/healthz") { _ in .text("ok") }                  // anyone, the router's body limit
/// router.group("/console", access: .staff) { console in
///     console.get("") { request in ... }                        // GET /console
///     console.post("/invitations") { request in ... }           // POST /console/invitations
/// }
/// ```
///
/// A route added twice (same method, same segments) is recorded in ``duplicates`` and ``Application``
/// refuses to start, rather than let a later route silently replace an earlier one; ``replace(_:_:_:)`` is
/// the one deliberate way to put a handler in place of another.
public struct Router: RouteBuilder, Sendable {
    /// Every route, in the order added.
    public private(set) var routes: [Route] = []
    /// Routes added a second time (`GET /x`).
    public private(set) var duplicates: [String] = []
    /// The rules of routes added outside any group, and of requests no route matches: anyone may reach them,
    /// with `bodyLimit`.
    private let root: RouteGroup

    /// A router whose routes accept bodies up to `bodyLimit` unless their group says otherwise.
    public init(bodyLimit: BodyLimit = .default) {
        root = RouteGroup(prefix: "", access: .public, bodyLimit: bodyLimit)
    }

    /// The body limit of routes without a group of their own, and of requests no route matches.
    public var bodyLimit: BodyLimit { root.bodyLimit }

    /// Adds a route that anyone may reach.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, beforeBody: HeaderCheck?, _ handler: @escaping Responder
    ) {
        group { $0.add(method, pattern, beforeBody: beforeBody, handler) }
    }

    /// Adds the routes `build` adds to a group under `prefix`, reached only as `access` allows and accepting
    /// bodies up to `bodyLimit`; either left out is the router's own (anyone; ``bodyLimit``).
    public mutating func group(
        _ prefix: String = "", access: Access? = nil, bodyLimit: BodyLimit? = nil,
        _ build: (inout RouteGroup) throws -> Void
    ) rethrows {
        var group = root
        try group.group(prefix, access: access, bodyLimit: bodyLimit, build)
        for route in group.routes { insert(route) }
    }

    /// Puts `handler` in place of the route with this method and pattern, which keeps its access rule and body
    /// limit (an app's own start page in place of a default one); adds it with the router's own rules when
    /// there is no such route.
    public mutating func replace(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Responder) {
        let fresh = Route(
            method: method, pattern: pattern, access: root.access, bodyLimit: root.bodyLimit, handler: handler)
        if let index = routes.firstIndex(where: { $0.overlaps(fresh) }) {
            routes[index] = routes[index].with(handler: handler)
        } else {
            routes.append(fresh)
        }
    }

    /// Lets the route with this method and pattern take state-changing requests without the CSRF token: for an
    /// endpoint another server posts to without a session (RFC 8058's one-click unsubscribe), which must
    /// change only what a token in its own request authorises. Does nothing when there is no such route.
    public mutating func exemptFromCSRF(_ method: HTTPMethod, _ pattern: String) {
        let probe = Route(method: method, pattern: pattern, access: .public, bodyLimit: .default) { _ in Response() }
        guard let index = routes.firstIndex(where: { $0.overlaps(probe) }) else { return }
        routes[index].checksCSRF = false
    }

    /// The route added for `method` and `pattern`, if any.
    public func route(_ method: HTTPMethod, _ pattern: String) -> Route? {
        let probe = Route(method: method, pattern: pattern, access: .public, bodyLimit: .default) { _ in Response() }
        return routes.first { $0.overlaps(probe) }
    }

    private mutating func insert(_ route: Route) {
        if routes.contains(where: { $0.overlaps(route) }) {
            duplicates.append("\(route.method.rawValue) \(route.pattern)")
            return
        }
        routes.append(route)
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
