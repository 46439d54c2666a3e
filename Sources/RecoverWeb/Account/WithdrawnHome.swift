import Web

/// The start page of a participant who has withdrawn: a message and the way to their data, instead of the
/// care feed (their schedules have ended, so there would be no tasks anyway). ``StartPage`` shows it.
enum WithdrawnHome {
    static func page(_ request: Request) -> Response {
        let t = Localizer(request.language)
        var response = Response.html(
            Layout.page(
                title: t["home.title"], request: request,
                body: """
                    <h1>\(t["home.title"])</h1>
                    <div class="card" role="status"><p>\(t["home.withdrawn"])</p>
                    <p><a href="/account">\(t["home.withdrawnData"])</a></p></div>
                    """))
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
