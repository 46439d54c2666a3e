/// Routes that share a path prefix, an access rule and a body limit; made by ``Router/group(_:access:bodyLimit:_:)``.
///
/// ```swift
/// router.group("/account", access: .signedIn) { account in
///     account.get("") { request in ... }                 // GET /account
///     account.post("/password") { request in ... }      // POST /account/password
///     account.group("/uploads", bodyLimit: .bytes(10 << 20)) { uploads in ... }
/// }
/// ```
public struct RouteGroup: RouteBuilder, Sendable {
    /// The path every route of the group starts with (`/console`; empty for none).
    public let prefix: String
    /// Who may reach the group's routes.
    public let access: Access
    /// How large a body the group's routes accept.
    public let bodyLimit: BodyLimit
    /// The routes added so far.
    private(set) var routes: [Route] = []

    init(prefix: String, access: Access, bodyLimit: BodyLimit) {
        self.prefix = prefix
        self.access = access
        self.bodyLimit = bodyLimit
    }

    /// Adds a route at `prefix` + `path` (`""` or `"/"` for the prefix itself).
    public mutating func add(
        _ method: HTTPMethod, _ path: String, beforeBody: HeaderCheck?, _ handler: @escaping Responder
    ) {
        routes.append(
            Route(
                method: method, pattern: Self.join(prefix, path), access: access, bodyLimit: bodyLimit,
                beforeBody: beforeBody, handler: handler))
    }

    /// Adds a group inside this one: its prefix follows this group's, and what it leaves out (`access`,
    /// `bodyLimit`) is this group's.
    public mutating func group(
        _ prefix: String = "", access: Access? = nil, bodyLimit: BodyLimit? = nil,
        _ build: (inout RouteGroup) throws -> Void
    ) rethrows {
        var inner = RouteGroup(
            prefix: prefix.isEmpty ? self.prefix : Self.join(self.prefix, prefix), access: access ?? self.access,
            bodyLimit: bodyLimit ?? self.bodyLimit)
        try build(&inner)
        routes += inner.routes
    }

    static func join(_ prefix: String, _ path: String) -> String {
        let joined = prefix + (path == "/" ? "" : path)
        return joined.isEmpty ? "/" : joined
    }
}
