/// `GET /console`: the research console's landing page (staff only; a placeholder until the console
/// is built).
public enum ConsolePage {
    public static func respond(_ request: Request) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        let t = Localizer(request.language)
        let role = t["role.\(account.role.rawValue)"]
        return .html(
            Layout.page(
                title: t["console.title"], request: request,
                body: """
                    <h1>\(t["console.title"])</h1>
                    <div class="card"><p>\(t("console.signedInAs", ["email": account.email, "role": role]))</p>
                    <p>\(t["console.placeholder"])</p></div>
                    """))
    }
}
