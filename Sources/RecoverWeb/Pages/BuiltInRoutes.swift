import Web

/// The routes of the web platform itself: health, assets, language, sign-in/out, join, account,
/// the start page. With a study, the start page, the account page and the sign-in page call its parts
/// themselves (``StartPage``, ``AccountStudySections``, ``SignInPage/help(_:study:)``), whatever order other
/// routes are added in. The console adds its own routes (`ConsoleRoutes`).
enum BuiltInRoutes {
    static func add(to router: inout Router, services: WebServices, study: StudyServices?) {
        router.group(.publicPages) { pages in
            pages.get("/healthz") { _ in .text("ok") }
            pages.get("/assets/:name") { request in
                try AssetCatalog.shared.response(for: request.parameter("name"), request: request)
            }
            pages.get("/manifest.webmanifest") { request in try WebAppManifest.response(request) }
            pages.post("/language") { request in try changeLanguage(request, services: services) }
            pages.get("/sign-in") { request in try SignInPage.show(request, study: study) }
            pages.post("/sign-in") { request in try SignInPage.submit(request, services: services, study: study) }
            pages.post("/sign-out") { request in try signOut(request, services: services) }
            pages.get("/join/:code") { request in try JoinPage.show(request, services: services) }
            pages.post("/join/:code") { request in try JoinPage.submit(request, services: services) }
            pages.get("/") { request in try StartPage.respond(request, study: study) }
        }
        router.group(.account) { account in
            account.get("") { request in try AccountPage.show(request, study: study) }
            account.post("/preferences") { request in try AccountPage.savePreferences(request, services: services) }
            account.post("/password") { request in
                try AccountPage.changePassword(request, services: services, study: study)
            }
            account.post("/sign-out-everywhere") { request in
                try AccountPage.signOutEverywhere(request, services: services)
            }
        }
    }

    static func signOut(_ request: Request, services: WebServices) throws -> Response {
        if let token = services.sessionToken(of: request) { try services.sessions.end(token: token) }
        var response = Response.redirect(to: "/sign-in")
        response.cookies.append(services.clearedSessionCookie(for: request))
        // Pages are kept (revalidated) in this browser's cache: signing out removes them from a shared device.
        response.headers["Clear-Site-Data"] = "\"cache\""
        return response
    }

    /// Remembers the chosen language in a cookie (and in the account when signed in), then returns
    /// to the page the switch was on.
    static func changeLanguage(_ request: Request, services: WebServices) throws -> Response {
        let form = try request.form()
        guard let language = Language(rawValue: form["language"] ?? "") else {
            throw HTTPError(.badRequest, "error.badForm")
        }
        if var account = request.account {
            account.language = language.tag
            try services.directory.updateAccount(account)
        }
        let back = form["back"] ?? "/"
        let isLocalPath =
            back.hasPrefix("/") && !back.hasPrefix("//") && !back.contains("\\")
            && !back.unicodeScalars.contains { $0.properties.generalCategory == .control }
        let safeBack = isLocalPath ? back : "/"
        var response = Response.redirect(to: safeBack)
        response.cookies.append(languageCookie(language, for: request))
        return response
    }

    /// The `Set-Cookie` value remembering `language` for a year.
    static func languageCookie(_ language: Language, for request: Request) -> String {
        Cookie(
            name: SessionMiddleware.languageCookie, value: language.tag, maxAge: 365 * 24 * 3600,
            secure: request.isSecure
        ).headerValue
    }
}
