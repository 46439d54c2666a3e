import Web

/// The page shown for an ``HTTPError``: title by status (or a friendly one for normal situations: "Already
/// saved", "This page has expired"), message by key, in the user's language.
enum ErrorPage {
    /// Titles for refusals that are normal situations rather than faults, by message key.
    static let friendlyTitles = [
        "study.error.alreadyDone": "error.title.alreadySaved",
        "error.csrf": "error.title.expired",
        "study.error.outOfDate": "error.title.outOfDate",
        "study.error.future": "error.title.notYet",
        "study.error.gated": "error.title.onboardingFirst",
    ]

    static func render(_ error: HTTPError, for request: Request) -> HTML {
        // A survey page sent after the session timed out: sign in again, its answers kept.
        if let carry = SessionCarry.page(for: request) { return carry }
        let t = Localizer(request.language)
        let code = error.status.code
        let known: Set<Int> = [400, 401, 403, 404, 405, 413, 429, 500, 503]
        let status = known.contains(code) ? code : (code >= 500 ? 500 : 400)
        let title = t[friendlyTitles[error.messageKey] ?? "error.\(status).title"]
        var message = t[error.messageKey]
        var link: HTML =
            status == 401
            ? "<p><a class=\"button\" href=\"/sign-in\">\(t["signIn.submit"])</a></p>"
            : "<p><a href=\"/\">\(t["error.backHome"])</a></p>"
        // A survey page that could not be sent leads back to its survey, and says what was not saved.
        if let survey = surveyPath(of: request) {
            if error.messageKey == "error.csrf" || status == 401 { message = t["error.csrf.survey"] }
            if ["error.csrf", "study.error.outOfDate"].contains(error.messageKey) || status == 401 {
                link = "<p><a class=\"button\" href=\"\(survey)\">\(t["error.backToSurvey"])</a></p>"
            }
        }
        return Layout.page(
            title: title, request: request,
            body: """
                <h1>\(title)</h1>
                <p>\(message)</p>
                \(link)
                """)
    }

    /// `/survey/<task>/<occurrence>` of a survey page's post, else nil.
    static func surveyPath(of request: Request) -> String? {
        guard request.method == .post else { return nil }
        let parts = request.path.split(separator: "/")
        guard parts.count >= 3, parts[0] == "survey", Int(parts[2]) != nil, parts[1].allSatisfy(\.isLetter) else {
            return nil
        }
        return "/survey/\(parts[1])/\(parts[2])"
    }
}
