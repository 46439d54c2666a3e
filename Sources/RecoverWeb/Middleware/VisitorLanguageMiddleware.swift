import Web

/// Settles a visitor's language before anything else can fail (the language cookie, else `Accept-Language`,
/// else English), so that even the page for a failed session lookup (the database out of reach) is in the
/// visitor's language; ``SessionMiddleware`` then prefers the signed-in account's setting.
struct VisitorLanguageMiddleware: Middleware {
    func respond(to request: Request, next: Responder) throws -> Response {
        var request = request
        request.language = SessionMiddleware.language(for: request)
        return try next(request)
    }
}
