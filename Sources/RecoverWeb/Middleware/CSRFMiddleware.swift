import Cryptography
import RecoverData

/// Refuses state-changing requests (POST, PUT, PATCH, DELETE) that do not echo the request's CSRF
/// token in the `csrf` form field or the `X-CSRF-Token` header.
///
/// The token itself is settled by ``SessionMiddleware`` (so error pages carry it too): signed-in
/// requests use their session's token; signed-out visitors (sign-in, join, language forms) get a
/// random token in an HttpOnly cookie (double submit).
public struct CSRFMiddleware: Middleware {
    /// The cookie of signed-out visitors' token.
    public static let cookie = "recover_csrf"
    /// The form field forms carry the token in.
    public static let field = "csrf"

    public init() {}

    public func respond(to request: Request, next: Responder) throws -> Response {
        // Unrouted requests change nothing and get their 404/405 from the router.
        if request.routePattern != nil, ![.get, .head, .options].contains(request.method) {
            let sent: String?
            if let header = request.headers["x-csrf-token"] {
                sent = header
            } else if (request.headers["content-type"] ?? "").lowercased().hasPrefix(
                "application/x-www-form-urlencoded")
            {
                sent = try request.form()[Self.field]
            } else {
                sent = nil
            }
            guard let sent, !request.csrfTokenIsNew, Crypto.constantTimeEqual(sent, request.csrfToken) else {
                throw HTTPError(.forbidden, "error.csrf")
            }
        }
        return try next(request)
    }

    /// Settles the request's token; returns the `Set-Cookie` value when a new one was minted.
    static func assignToken(_ request: inout Request) -> String? {
        let cookieName = Cookie.name(cookie, secure: request.isSecure)
        if let session = request.session {
            request.csrfToken = session.entry.csrfToken
        } else if let existing = request.cookies[cookieName], existing.count >= 32 {
            request.csrfToken = existing
        } else {
            request.csrfToken = Crypto.randomToken(bytes: 32)
            request.csrfTokenIsNew = true
            return Cookie(name: cookieName, value: request.csrfToken, secure: request.isSecure).headerValue
        }
        return nil
    }
}
