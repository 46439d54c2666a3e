/// Answers 413 (a readable page) for a request whose body the transport cut off at its limit.
public struct BodyLimitMiddleware: Middleware {
    /// The check of ``Request/bodyExceededLimit``.
    public init() {}

    /// Throws 413 for a request whose body was cut off at its route's limit; passes any other on.
    public func respond(to request: Request, next: Responder) throws -> Response {
        if request.bodyExceededLimit { throw HTTPError(.contentTooLarge) }
        return try next(request)
    }
}
