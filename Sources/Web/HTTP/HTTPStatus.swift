/// An HTTP status code with its reason phrase.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    /// The numeric code.
    public let code: Int

    /// A status from its code.
    public init(_ code: Int) { self.code = code }

    /// Not sent as such: the chain's answer on a request's headers that lets its body be read
    /// (``Request/bodyPending``).
    public static let `continue` = HTTPStatus(100)
    /// 200 OK.
    public static let ok = HTTPStatus(200)
    /// 303 See Other: where a handled form post sends the browser.
    public static let seeOther = HTTPStatus(303)
    /// 304 Not Modified: the page's `ETag` matched `If-None-Match`; no body.
    public static let notModified = HTTPStatus(304)
    /// 400 Bad Request: a request no page of the app sends.
    public static let badRequest = HTTPStatus(400)
    /// 401 Unauthorized: not signed in.
    public static let unauthorized = HTTPStatus(401)
    /// 403 Forbidden: not allowed for this visitor (no CSRF token, a withdrawn participant, a step not yet open).
    public static let forbidden = HTTPStatus(403)
    /// 404 Not Found.
    public static let notFound = HTTPStatus(404)
    /// 405 Method Not Allowed, with the route's methods in `Allow`.
    public static let methodNotAllowed = HTTPStatus(405)
    /// 409 Conflict: the request clashes with what changed since the page was shown.
    public static let conflict = HTTPStatus(409)
    /// 410 Gone: a link that worked once (a used or expired reset code, a used invitation).
    public static let gone = HTTPStatus(410)
    /// 413 Content Too Large: the body passed its route's limit.
    public static let contentTooLarge = HTTPStatus(413)
    /// 422 Unprocessable Content: a form with problems, shown again with them.
    public static let unprocessableContent = HTTPStatus(422)
    /// 429 Too Many Requests.
    public static let tooManyRequests = HTTPStatus(429)
    /// 500 Internal Server Error: an unexpected error; the body says nothing about it.
    public static let internalServerError = HTTPStatus(500)
    /// 503 Service Unavailable: the server or its database cannot answer now.
    public static let serviceUnavailable = HTTPStatus(503)

    /// The code alone: `404`.
    public var description: String { String(code) }
}
