/// Answers one request; handlers and middleware chains have this shape.
public typealias Responder = @Sendable (Request) throws -> Response

/// A route's check of a request on its headers alone, before the body is read: it throws the refusal (an
/// ``HTTPError``), so the body is never taken.
public typealias HeaderCheck = @Sendable (Request) throws -> Void

/// One route: method, path pattern, the rules of its group (access, body limit), an optional check before
/// the body, and the handler.
public struct Route: Sendable {
    /// The method it answers (a GET route answers HEAD too).
    public let method: HTTPMethod
    /// The pattern, for example `/posts/:post/comments/:comment`; `:name` captures one path segment.
    public let pattern: String
    /// Who may reach the route; checked once the request has passed the app's middleware.
    public let access: Access
    /// How large a body the route accepts, and whether it is streamed to disk.
    public let bodyLimit: BodyLimit
    /// What the route checks on the headers before its body is read (after the middleware and the access
    /// rule have run on the headers too); `nil` for nothing more.
    public let beforeBody: HeaderCheck?
    /// What answers once the access rule lets a request through.
    public let handler: Responder
    /// Whether a state-changing request must carry the CSRF token (``CSRFMiddleware``); false only for a route
    /// another server posts to without a session, whose own token authorises what it changes
    /// (``Router/exemptFromCSRF(_:_:)``).
    public internal(set) var checksCSRF = true
    let segments: [Segment]

    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    init(
        method: HTTPMethod, pattern: String, access: Access, bodyLimit: BodyLimit, beforeBody: HeaderCheck? = nil,
        handler: @escaping Responder
    ) {
        self.method = method
        self.pattern = pattern
        self.access = access
        self.bodyLimit = bodyLimit
        self.beforeBody = beforeBody
        self.handler = handler
        segments = Router.split(pattern).map {
            $0.hasPrefix(":") ? .parameter(String($0.dropFirst())) : .literal(String($0))
        }
    }

    /// This route with another handler and the same rules.
    func with(handler: @escaping Responder) -> Route {
        var route = Route(
            method: method, pattern: pattern, access: access, bodyLimit: bodyLimit, beforeBody: beforeBody,
            handler: handler)
        route.checksCSRF = checksCSRF
        return route
    }

    /// Whether the chain runs on this route's headers before its body is read: the route checks something
    /// there, or takes more than `routerLimit` or to disk (a large body is taken only from a request that
    /// passes).
    func checksHeaders(comparedTo routerLimit: BodyLimit) -> Bool {
        beforeBody != nil || bodyLimit.bytes > routerLimit.bytes || bodyLimit.spooling != nil
    }

    /// Whether `other` answers exactly the requests this route answers (same method, same segments, whatever
    /// the parameters are called).
    func overlaps(_ other: Route) -> Bool {
        method == other.method && segments.count == other.segments.count
            && zip(segments, other.segments).allSatisfy { mine, theirs in
                switch (mine, theirs) {
                case (.literal(let a), .literal(let b)): a == b
                case (.parameter, .parameter): true
                default: false
                }
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
