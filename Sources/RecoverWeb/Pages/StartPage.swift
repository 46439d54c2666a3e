import Web

/// `GET /`, decided in one place: a participant who has withdrawn gets their message and the way to their
/// data (``WithdrawnHome``); with a study, everyone else gets the care feed (``FeedPage``, which sends
/// visitors to sign in and staff to the console); without one, the platform's welcome page (``HomePage``).
enum StartPage {
    static func respond(_ request: Request, study: StudyServices?) throws -> Response {
        if let account = request.account, account.role == .participant, account.withdrawnAt != nil {
            return WithdrawnHome.page(request)
        }
        guard let study else { return try HomePage.respond(request) }
        return try FeedPage.show(request, study: study)
    }
}
