import Foundation

/// Logs one line per request: method, route pattern, status and duration. Never the body, query
/// values, cookies or anything else a person typed. The chain's pass over a request's headers alone is logged
/// only when it refuses the request (otherwise the request's own line follows once its body has arrived).
public struct RequestLogMiddleware: Middleware {
    /// Where lines go (standard error in the server, a collector in tests).
    public let write: @Sendable (String) -> Void

    /// A log writing each line to `write`.
    public init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Writes `POST /sign-in 303 12.4ms` once the rest of the chain has answered (500 when it threw); a pass
    /// that answers 100 Continue writes nothing.
    public func respond(to request: Request, next: Responder) throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        var status = 500
        defer {
            if status != HTTPStatus.continue.code {
                let elapsed = start.duration(to: clock.now)
                let tenths =
                    Int(elapsed.components.attoseconds / 100_000_000_000_000) + Int(elapsed.components.seconds)
                    * 10_000
                let route = request.routePattern ?? "(no route)"
                write("\(request.method.rawValue) \(route) \(status) \(tenths / 10).\(tenths % 10)ms")
            }
        }
        let response = try next(request)
        status = response.status.code
        return response
    }
}
