/// Compresses text responses (pages, JSON, CSV, scripts, style sheets) with the best coding the browser
/// accepts (`Accept-Encoding`: brotli, then gzip) and says so (`Content-Encoding`, `Vary`). Responses that
/// already carry a coding (precompressed assets), small bodies, bodies that do not shrink and streamed bodies
/// (``ResponseStream``, written while they are sent) are left as they are. Outermost after logging, so every other link works on the plain body.
public struct CompressionMiddleware: Middleware {
    /// Compression by the browser's `Accept-Encoding`.
    public init() {}

    /// Compresses the response of the rest of the chain when the browser accepts a coding and the body gains.
    public func respond(to request: Request, next: Responder) throws -> Response {
        var response = try next(request)
        Compression.encode(&response, for: request)
        return response
    }

    /// Adds `Accept-Encoding` to the response's `Vary`.
    static func addVary(_ response: inout Response) {
        if let vary = response.header("Vary") {
            if !vary.lowercased().contains("accept-encoding") { response.headers["Vary"] = vary + ", Accept-Encoding" }
        } else {
            response.headers["Vary"] = "Accept-Encoding"
        }
    }
}

/// Validators for pages: a GET page without caching rules of its own gets a weak `ETag` over its bytes and
/// `Cache-Control: private, no-cache` (kept by this browser only and revalidated on every use, so a changed
/// page is never shown from the cache); a request whose `If-None-Match` names the same tag gets 304 and no
/// body. Pages a handler tagged itself (a version of the data it shows) are matched the same way.
public struct ConditionalPagesMiddleware: Middleware {
    /// Which pages may be kept by the browser at all (others keep the default `no-store`).
    let keeps: @Sendable (Request) -> Bool

    /// Validators for the pages `keeps` accepts (every page by default).
    public init(keeps: @escaping @Sendable (Request) -> Bool = { _ in true }) { self.keeps = keeps }

    /// Gives a GET page that `keeps` accepts, and that sets no caching of its own, a weak `ETag` and `no-cache`,
    /// and answers 304 when `If-None-Match` names that tag; every other response passes as it is.
    public func respond(to request: Request, next: Responder) throws -> Response {
        var response = try next(request)
        guard request.method == .get || request.method == .head, response.status == .ok, response.stream == nil,
            keeps(request),
            response.header("Cache-Control") == nil,
            (response.header("Content-Type") ?? "").hasPrefix("text/html")
        else { return response }
        let tag = response.header("ETag") ?? "W/\"\(Compression.digest(response.body))\""
        response.headers["ETag"] = tag
        response.headers["Cache-Control"] = Self.cacheControl
        if let sent = request.headers["if-none-match"], Self.matches(sent, tag) {
            response.status = .notModified
            response.body = []
        }
        return response
    }

    /// What a kept page's `Cache-Control` says: this browser only, revalidated on every use.
    public static let cacheControl = "private, no-cache"

    /// The answer of a handler that found the page `tag` names unchanged before making it: 304, no body, the
    /// validators a full page would carry.
    public static func notModified(tag: String) -> Response {
        Response(status: .notModified, headers: ["ETag": tag, "Cache-Control": cacheControl])
    }

    /// Whether an `If-None-Match` list names `tag` (weak comparison, RFC 9110 13.1.2).
    public static func matches(_ list: String, _ tag: String) -> Bool {
        // What a browser sends back: the one tag it was given, byte for byte (no list to split).
        if list == tag { return true }
        let opaque = { (text: String) -> String in text.hasPrefix("W/") ? String(text.dropFirst(2)) : text }
        let wanted = opaque(tag)
        return list.split(separator: ",").contains { item in
            let trimmed = item.trimmingASCIISpaces()
            return trimmed == "*" || opaque(trimmed) == wanted
        }
    }
}
