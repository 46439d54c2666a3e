import Web

/// The page shown for an ``HTTPError``: title by status, message by key, in the user's language.
enum ErrorPage {
    static func render(_ error: HTTPError, for request: Request) -> HTML {
        let t = Localizer(request.language)
        let code = error.status.code
        let known: Set<Int> = [400, 401, 403, 404, 405, 413, 429, 500, 503]
        let status = known.contains(code) ? code : (code >= 500 ? 500 : 400)
        let title = t["error.\(status).title"]
        let link: HTML =
            status == 401
            ? "<p><a class=\"button\" href=\"/sign-in\">\(t["signIn.submit"])</a></p>"
            : "<p><a href=\"/\">\(t["error.backHome"])</a></p>"
        return Layout.page(
            title: title, request: request,
            body: """
                <h1>\(title)</h1>
                <p>\(t[error.messageKey])</p>
                \(link)
                """)
    }
}
