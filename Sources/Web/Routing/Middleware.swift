/// One link of the responder chain: it may change the request, answer itself, or call `next` and
/// change the response.
///
/// ```swift
/// struct Timing: Middleware {
///     func respond(to request: Request, next: Responder) throws -> Response {
///         var response = try next(request)
///         response.headers["Server-Timing"] = "app"
///         return response
///     }
/// }
/// ```
public protocol Middleware: Sendable {
    func respond(to request: Request, next: Responder) throws -> Response
}

extension Array where Element == any Middleware {
    /// The chain: the first middleware is outermost, `last` answers at the end.
    func chained(to last: @escaping Responder) -> Responder {
        reversed().reduce(last) { next, middleware in
            { request in try middleware.respond(to: request, next: next) }
        }
    }
}
