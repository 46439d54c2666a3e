/// The one place errors become responses: an ``HTTPError`` becomes a page in the user's language
/// (or JSON when the client asks for it); an error the app's `classify` knows becomes its ``HTTPError`` (a
/// database that cannot be reached: 503); any other error becomes a 500 with no internals.
///
/// Messages come from the app's ``Catalog`` by the error's ``HTTPError/messageKey``; the page is the app's
/// (its layout), or a plain one titled by the catalog's `error.<status>.title`.
public struct ErrorMiddleware: Middleware {
    /// Where messages come from.
    public let catalog: Catalog
    /// Receives the type of unexpected errors (never their text, which may hold data).
    public let report: @Sendable (String) -> Void
    /// Writes the page for an error.
    public let page: @Sendable (HTTPError, Request) -> HTML
    /// The answer for an error that is not an ``HTTPError`` but is known to the app, or nil (a 500).
    public let classify: @Sendable (any Error) -> HTTPError?

    /// Errors worded from `catalog`, shown by `page` (a plain page when left out).
    public init(
        catalog: Catalog, report: @escaping @Sendable (String) -> Void = { _ in },
        page: (@Sendable (HTTPError, Request) -> HTML)? = nil,
        classify: @escaping @Sendable (any Error) -> HTTPError? = { _ in nil }
    ) {
        self.catalog = catalog
        self.report = report
        self.page = page ?? { error, request in Self.plainPage(error, for: request, catalog: catalog) }
        self.classify = classify
    }

    /// Passes the request on and turns what it throws into a response: the ``HTTPError`` itself, the one
    /// `classify` gives, or a 500; `report` hears of every error that is not an ``HTTPError``.
    public func respond(to request: Request, next: Responder) throws -> Response {
        do {
            return try next(request)
        } catch let error as HTTPError {
            return render(error, for: request)
        } catch {
            if let known = classify(error) {
                report(
                    "\(known.status.code) (\(type(of: error))) on \(request.method.rawValue) \(request.routePattern ?? "-")"
                )
                return render(known, for: request)
            }
            report("unexpected error \(type(of: error)) on \(request.method.rawValue) \(request.routePattern ?? "-")")
            return render(HTTPError(.internalServerError), for: request)
        }
    }

    /// The response for `error`.
    public func render(_ error: HTTPError, for request: Request) -> Response {
        var response: Response
        if request.prefersJSON {
            struct Body: Encodable {
                struct Detail: Encodable {
                    let status: Int
                    let message: String
                }
                let error: Detail
            }
            let message = Localizer(request.language, catalog: catalog)[error.messageKey]
            let body = Body(error: .init(status: error.status.code, message: message))
            response = (try? Response.json(body, status: error.status)) ?? Response.text(message, status: error.status)
        } else {
            response = .html(page(error, request), status: error.status)
        }
        for (name, value) in error.headers { response.headers[name] = value }
        return response
    }

    /// A page with the status's title and the error's message, for apps without a layout of their own.
    public static func plainPage(_ error: HTTPError, for request: Request, catalog: Catalog) -> HTML {
        let t = Localizer(request.language, catalog: catalog)
        let title = t["error.\(error.status.code).title"]
        return """
            <!doctype html>
            <html lang="\(request.language.tag)">
            <head><meta charset="utf-8"><title>\(title)</title></head>
            <body><main><h1>\(title)</h1><p>\(t[error.messageKey])</p></main></body>
            </html>
            """
    }
}
