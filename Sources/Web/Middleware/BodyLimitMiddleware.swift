/// Answers 413 (a readable page) for a request whose body the transport cut off at its limit.
public struct BodyLimitMiddleware: Middleware {
    public init() {}

    public func respond(to request: Request, next: Responder) throws -> Response {
        if request.bodyExceededLimit { throw HTTPError(.contentTooLarge) }
        return try next(request)
    }
}
