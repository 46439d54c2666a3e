import Web

/// The page frame every HTML page shares: `<html lang>`, skip link, header with navigation and the
/// language switch, `main` landmark, footer, the stylesheet and JS modules (no inline script).
///
/// ```swift
/// return .html(Layout.page(title: t["account.title"], request: request, body: "<h1>...</h1>"))
/// ```
public enum Layout {
    /// A full page.
    /// - Parameters:
    ///   - scripts: names of JS modules in the Assets folder to load (`["timezone.js"]`).
    public static func page(title: String, request: Request, scripts: [String] = [], body: HTML) -> HTML {
        let t = Localizer(request.language)
        let assets = AssetCatalog.shared
        let scriptTags = scripts.map { name in HTML("<script type=\"module\" src=\"\(assets.url(name))\"></script>") }
        return """
            <!doctype html>
            <html lang="\(request.language.tag)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · Recover</title>
            <link rel="stylesheet" href="\(assets.url("app.css"))">
            <link rel="icon" href="\(assets.url("icon.svg"))" type="image/svg+xml">
            <link rel="apple-touch-icon" href="\(assets.url("icon-180.png"))">
            <link rel="manifest" href="/manifest.webmanifest">
            <meta name="theme-color" content="#1e3a8a">
            \(scriptTags)
            \(StudyAssets.moduleScripts(for: body))
            </head>
            <body>
            <a class="skip-link" href="#main">\(t["layout.skipToContent"])</a>
            <header class="site-header">
            <a class="brand" href="/">Recover</a>
            \(request.session == nil ? languageSwitch(request) : navigation(request))
            </header>
            <main id="main" tabindex="-1">
            \(body)
            </main>
            <footer class="site-footer"><p>\(t["layout.footer"])</p></footer>
            </body>
            </html>
            """
    }

    /// The hidden field carrying the request's CSRF token; every POST form needs it.
    public static func csrfField(_ request: Request) -> HTML {
        "<input type=\"hidden\" name=\"\(CSRFMiddleware.field)\" value=\"\(request.csrfToken)\">"
    }

    static func navigation(_ request: Request) -> HTML {
        guard let session = request.session else { return .empty }
        let t = Localizer(request.language)
        let home: HTML =
            session.account.role.isStaff
            ? "<li><a href=\"/console\">\(t["nav.console"])</a></li>" : "<li><a href=\"/\">\(t["nav.home"])</a></li>"
        // A disclosure (no script needed) holding the links and the language switch, so the header stays one
        // row on a small phone at large text; where the row has room (app.css, a container query in em) its
        // summary goes and the same links show inline, so there is only ever one set of them.
        return """
            <details class="site-menu"><summary>\(t["nav.menu"])</summary>
            <nav class="site-nav" aria-label="\(t["nav.label"])"><ul>
            \(home)
            \(session.account.role.isStaff ? HTML.empty : "<li><a href=\"/insights\">\(t["nav.insights"])</a></li>")
            <li><a href="/account">\(t["nav.account"])</a></li>
            <li>\(languageSwitch(request))</li>
            <li><form class="inline-form" method="post" action="/sign-out">\(csrfField(request))\
            <button class="link-button" type="submit">\(t["nav.signOut"])</button></form></li>
            </ul></nav></details>
            """
    }

    static func languageSwitch(_ request: Request) -> HTML {
        let t = Localizer(request.language)
        let others = Language.allCases.filter { $0 != request.language }
        let buttons = others.map { language in
            HTML(
                "<button type=\"submit\" name=\"language\" value=\"\(language.tag)\" lang=\"\(language.tag)\">\(language.nativeName)</button>"
            )
        }
        return """
            <form class="language-switch" method="post" action="/language" aria-label="\(t["layout.language"])">\
            \(csrfField(request))<input type="hidden" name="back" value="\(request.path)">\(buttons)</form>
            """
    }
}
