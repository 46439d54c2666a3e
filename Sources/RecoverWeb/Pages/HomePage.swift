import Web

/// The platform's welcome page, `GET /` of an app without a study (``StartPage``; with one, the care feed).
public enum HomePage {
    /// The welcome page for a signed-in participant; staff go to the console, visitors to sign in.
    public static func respond(_ request: Request) throws -> Response {
        guard let account = request.account else { return .redirect(to: "/sign-in") }
        if account.role.isStaff { return .redirect(to: "/console") }
        let t = Localizer(request.language)
        return .html(
            Layout.page(
                title: t["home.title"], request: request,
                body: """
                    <h1>\(t["home.title"])</h1>
                    <div class="card"><p>\(t("home.welcome", ["email": account.email]))</p>
                    <p>\(t["home.next"])</p></div>
                    """))
    }
}
