import Foundation

/// Logs one line per request: method, route pattern, status and duration. Never the body, query
/// values, cookies or anything else a person typed.
public struct RequestLogMiddleware: Middleware {
    /// Where lines go (standard error in the server, a collector in tests).
    public let write: @Sendable (String) -> Void

    public init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    public func respond(to request: Request, next: Responder) throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        var status = 500
        defer {
            let elapsed = start.duration(to: clock.now)
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            let route = request.routePattern ?? "(no route)"
            write("\(request.method.rawValue) \(route) \(status) \(String(format: "%.1f", milliseconds))ms")
        }
        let response = try next(request)
        status = response.status.code
        return response
    }
}
