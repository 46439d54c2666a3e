/// What the router and its groups share, as Hummingbird's `RouterMethods` does: adding a route for a method,
/// and opening a group inside (``Router``, ``RouteGroup``).
public protocol RouteBuilder {
    /// Adds a route for `method` at `path`, with the rules of this router or group.
    mutating func add(_ method: HTTPMethod, _ path: String, _ handler: @escaping Responder)

    /// Adds the routes `build` adds to a group under `prefix`, reached only as `access` allows and accepting
    /// bodies up to `bodyLimit`; either one `nil` is this router's or group's.
    mutating func group(
        _ prefix: String, access: Access?, bodyLimit: BodyLimit?, _ build: (inout RouteGroup) throws -> Void
    ) rethrows
}

extension RouteBuilder {
    /// Adds a GET route (HEAD is answered by it too).
    public mutating func get(_ path: String, _ handler: @escaping Responder) { add(.get, path, handler) }

    /// Adds a POST route.
    public mutating func post(_ path: String, _ handler: @escaping Responder) { add(.post, path, handler) }

    /// Adds the routes `build` adds to `area` (its prefix, access rule and body limit).
    public mutating func group(_ area: Area, _ build: (inout RouteGroup) throws -> Void) rethrows {
        try group(area.prefix, access: area.access, bodyLimit: area.bodyLimit, build)
    }
}
