/// What the router and its groups share, as Hummingbird's `RouterMethods` does: adding a route for a method,
/// and opening a group inside (``Router``, ``RouteGroup``).
public protocol RouteBuilder {
    /// Adds a route for `method` at `path`, with the rules of this router or group; `beforeBody` checks the
    /// headers before the body is read (``Route/beforeBody``).
    mutating func add(
        _ method: HTTPMethod, _ path: String, beforeBody: HeaderCheck?, _ handler: @escaping Responder)

    /// Adds the routes `build` adds to a group under `prefix`, reached only as `access` allows and accepting
    /// bodies up to `bodyLimit`; either one `nil` is this router's or group's.
    mutating func group(
        _ prefix: String, access: Access?, bodyLimit: BodyLimit?, _ build: (inout RouteGroup) throws -> Void
    ) rethrows
}

extension RouteBuilder {
    /// Adds a route for `method` at `path`, with the rules of this router or group.
    public mutating func add(_ method: HTTPMethod, _ path: String, _ handler: @escaping Responder) {
        add(method, path, beforeBody: nil, handler)
    }

    /// Adds a GET route (HEAD is answered by it too).
    public mutating func get(_ path: String, _ handler: @escaping Responder) { add(.get, path, handler) }

    /// Adds a POST route.
    public mutating func post(_ path: String, _ handler: @escaping Responder) { add(.post, path, handler) }

    /// Adds a POST route whose headers `beforeBody` checks before the body is read, so a refused request never
    /// sends its body anywhere (an upload to a spooled group, say).
    public mutating func post(
        _ path: String, beforeBody: @escaping HeaderCheck, _ handler: @escaping Responder
    ) {
        add(.post, path, beforeBody: beforeBody, handler)
    }

    /// Adds the routes `build` adds to `area` (its prefix, access rule and body limit).
    public mutating func group(_ area: Area, _ build: (inout RouteGroup) throws -> Void) rethrows {
        try group(area.prefix, access: area.access, bodyLimit: area.bodyLimit, build)
    }
}
