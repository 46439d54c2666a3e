/// The one place errors become responses: an ``HTTPError`` becomes a page in the user's language
/// (or JSON when the client asks for it); any other error becomes a 500 with no internals.
public struct ErrorMiddleware: Middleware {
    /// Receives the type of unexpected errors (never their text, which may hold data).
    public let report: @Sendable (String) -> Void

    public init(report: @escaping @Sendable (String) -> Void) { self.report = report }

    public func respond(to request: Request, next: Responder) throws -> Response {
        do {
            return try next(request)
        } catch let error as HTTPError {
            return Self.render(error, for: request)
        } catch {
            report("unexpected error \(type(of: error)) on \(request.method.rawValue) \(request.routePattern ?? "-")")
            return Self.render(HTTPError(.internalServerError), for: request)
        }
    }

    /// The response for `error`.
    public static func render(_ error: HTTPError, for request: Request) -> Response {
        let t = Localizer(request.language)
        var response: Response
        if request.prefersJSON {
            struct Body: Encodable {
                struct Detail: Encodable {
                    let status: Int
                    let message: String
                }
                let error: Detail
            }
            let body = Body(error: .init(status: error.status.code, message: t[error.messageKey]))
            response =
                (try? Response.json(body, status: error.status))
                ?? Response.text(t[error.messageKey], status: error.status)
        } else {
            response = .html(ErrorPage.render(error, for: request), status: error.status)
        }
        for (name, value) in error.headers { response.headers[name] = value }
        return response
    }
}
