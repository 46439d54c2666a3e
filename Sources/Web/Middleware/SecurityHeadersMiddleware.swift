/// Adds the security headers every response carries: CSP without inline script, nosniff,
/// frame-ancestors, no referrer, `no-store` unless the handler set its own caching, HSTS under TLS.
public struct SecurityHeadersMiddleware: Middleware {
    /// The Content-Security-Policy of every page.
    public static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        + "media-src 'self' blob:; frame-src 'self'; frame-ancestors 'none'; form-action 'self'; "
        + "base-uri 'none'; object-src 'none'"

    /// The headers as this type lists them, for every response.
    public init() {}

    /// Adds each header the response does not already carry, and HSTS on a request over TLS.
    public func respond(to request: Request, next: Responder) throws -> Response {
        var response = try next(request)
        response.setDefaultHeader("Content-Security-Policy", Self.contentSecurityPolicy)
        response.setDefaultHeader("X-Content-Type-Options", "nosniff")
        response.setDefaultHeader("X-Frame-Options", "DENY")
        response.setDefaultHeader("Referrer-Policy", "no-referrer")
        response.setDefaultHeader("Cross-Origin-Opener-Policy", "same-origin")
        response.setDefaultHeader("Cache-Control", "no-store")
        if request.isSecure {
            response.setDefaultHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
        }
        return response
    }
}
