import Foundation

/// One HTTP request as handlers see it: method, path, query, headers, cookies, body, and what the
/// router and middleware learned about it (route, language, CSRF token, and the app's own values in
/// ``storage``).
///
/// Header names are lower-cased. Build one directly in tests:
///
/// ```swift
/// let request = Request(method: .get, path: "/healthz")
/// let response = try app.respond(to: request)
/// ```
public struct Request: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The decoded path without the query string, for example `/join/ABC`.
    public var path: String
    /// Query arguments, decoded.
    public var query: [String: String]
    /// Header values by lower-cased name.
    public var headers: [String: String]
    /// Cookies sent by the browser.
    public var cookies: [String: String]
    /// The raw body (empty for GET).
    public var body: [UInt8]
    /// The client's numeric address, used for throttling only.
    public var clientAddress: String
    /// Whether the connection is TLS.
    public var isSecure: Bool
    /// Set by the transport when the body was larger than the limit and was discarded.
    public var bodyExceededLimit = false
    /// The body of a route whose group streams bodies to disk (``BodyLimit/spooled(_:_:)``): a temporary
    /// file, with `body` left empty.
    public var upload: SpooledUpload?
    /// Whether the chain runs on the headers alone, before the body is read: for a route with a large or
    /// spooled body or a ``Route/beforeBody`` check (``Application``). The body is not there yet (middleware
    /// must not read it), the handler is not called, and any refusal is the answer, so the body is never taken.
    public internal(set) var bodyPending = false

    /// The matched route pattern (`/join/:code`) or `nil` when nothing matched; set by the application.
    public internal(set) var routePattern: String?
    /// Parameters captured by the route pattern.
    public internal(set) var parameters: [String: String] = [:]
    /// The matched route; nil when nothing matched (then ``routingError`` says why).
    var route: Route?
    /// The 404 or 405 for a request no route matched.
    var routingError: HTTPError?
    /// The language the response is written in; set by the app's language middleware.
    public var language: Language = .english
    /// The token a form must echo back (`csrf` field); settled by ``CSRFMiddleware``.
    public internal(set) var csrfToken: String = ""
    /// Whether `csrfToken` was minted for this request (no cookie came), so nothing can match it.
    var csrfTokenIsNew = false
    /// What the app's middleware attached for later links and handlers (its session, for example).
    public var storage = RequestStorage()
    /// The decoded form, once ``parseForm()`` decoded it.
    public private(set) var parsedForm: FormData?

    /// A request with the given parts; other parts default to empty.
    public init(
        method: HTTPMethod,
        path: String,
        query: [String: String] = [:],
        headers: [String: String] = [:],
        cookies: [String: String] = [:],
        body: [UInt8] = [],
        clientAddress: String = "127.0.0.1",
        isSecure: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.cookies = cookies
        self.body = body
        self.clientAddress = clientAddress
        self.isSecure = isSecure
    }

    /// A route parameter by name (`request.parameter("code")`), or a 404 when missing.
    public func parameter(_ name: String) throws -> String {
        guard let value = parameters[name] else { throw HTTPError(.notFound) }
        return value
    }

    /// The body decoded as an `application/x-www-form-urlencoded` form; a 400 when it is not one. Decoded
    /// once: after ``parseForm()`` (the CSRF check calls it) this returns the decoded form.
    public func form() throws -> FormData {
        if let parsedForm { return parsedForm }
        let type = headers["content-type"]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            throw HTTPError(.badRequest, "error.badForm")
        }
        return try FormData(urlEncoded: body)
    }

    /// Decodes the form body (``form()``) and keeps it on the request, so handlers after this do not decode
    /// the body again.
    @discardableResult
    public mutating func parseForm() throws -> FormData {
        let form = try form()
        parsedForm = form
        return form
    }

    /// The entry the nearest proxy added to `X-Forwarded-For` (the header's last, trimmed; empty when the
    /// header ends in a comma), or nil without the header. The earlier entries come from the client and prove
    /// nothing; whether to believe even this one is the app's call: only when ``clientAddress`` is a proxy it
    /// trusts.
    public var forwardedFor: String? {
        guard let header = headers["x-forwarded-for"] else { return nil }
        return header.split(separator: ",", omittingEmptySubsequences: false).last.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// Whether the client prefers JSON over HTML (an API call rather than a page visit).
    public var prefersJSON: Bool {
        let accept = headers["accept"]?.lowercased() ?? ""
        return accept.contains("application/json") && !accept.contains("text/html")
    }
}

/// The request methods the framework answers.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
    case patch = "PATCH"
    case options = "OPTIONS"
}
