/// Refuses state-changing requests (POST, PUT, PATCH, DELETE) to a route that do not echo the request's
/// CSRF token in the `csrf` form field or the `X-CSRF-Token` header (403, message key `error.csrf`).
///
/// On the headers alone (``Request/bodyPending``) a token in the header is checked at once; a form's field is
/// checked when the form has arrived, except on a route that streams its body to disk, which is never read as
/// a form: there the header is required, so a forged upload is refused before any byte of it is written.
///
/// The token is settled before, by the app's session middleware, with ``assignToken(_:cookie:sessionToken:mint:)``
/// (so error pages carry it too): a signed-in request uses its session's token; a signed-out visitor gets a
/// random token in an HttpOnly cookie (double submit).
public struct CSRFMiddleware: Middleware {
    /// The form field forms carry the token in.
    public static let field = "csrf"

    /// The check; the token is settled before it in the chain (``assignToken(_:cookie:sessionToken:mint:)``).
    public init() {}

    /// Lets GET, HEAD and OPTIONS, unrouted requests and routes without the check through; a state-changing
    /// request whose token is missing or not the request's throws 403 (`error.csrf`).
    public func respond(to request: Request, next: Responder) throws -> Response {
        var request = request
        // Unrouted requests change nothing and get their 404/405 from the router.
        if request.routePattern != nil, request.route?.checksCSRF != false,
            ![.get, .head, .options].contains(request.method)
        {
            let sent: String?
            let isForm = (request.headers["content-type"] ?? "").lowercased().hasPrefix(
                "application/x-www-form-urlencoded")
            if let header = request.headers["x-csrf-token"] {
                sent = header
            } else if request.bodyPending {
                // The form with the token is not there yet; it is checked when it has arrived.
                if isForm, request.route?.bodyLimit.spooling == nil { return try next(request) }
                sent = nil
            } else if isForm {
                // Decoded once here; the handler's `request.form()` reuses it.
                sent = try request.parseForm()[Self.field]
            } else {
                sent = nil
            }
            guard let sent, !request.csrfTokenIsNew, Self.constantTimeEqual(sent, request.csrfToken) else {
                throw HTTPError(.forbidden, "error.csrf")
            }
        }
        return try next(request)
    }

    /// Settles the request's token: the signed-in session's `sessionToken`, else the signed-out visitor's
    /// token from the cookie `cookie` (prefixed `__Host-` under TLS), else a new one from `mint` (random, at
    /// least 32 characters). Returns the `Set-Cookie` value when a new one was minted.
    public static func assignToken(
        _ request: inout Request, cookie: String, sessionToken: String?, mint: () -> String
    ) -> String? {
        let cookieName = Cookie.name(cookie, secure: request.isSecure)
        if let sessionToken {
            request.csrfToken = sessionToken
        } else if let existing = request.cookies[cookieName], existing.count >= 32 {
            request.csrfToken = existing
        } else {
            request.csrfToken = mint()
            request.csrfTokenIsNew = true
            return Cookie(name: cookieName, value: request.csrfToken, secure: request.isSecure).headerValue
        }
        return nil
    }

    /// Whether `a` and `b` are equal, in a time that depends on their lengths only.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
