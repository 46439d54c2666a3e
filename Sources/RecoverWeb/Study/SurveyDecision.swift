import Web

/// What a survey page post decided inside its write transaction (``SurveyPage/submit(_:study:)``): what the
/// answer shows, never the answer itself. The page is rendered from it after the transaction ended, so SQLite's
/// one writer is not held while HTML is made. A refusal (gated, out of date, already done) is thrown instead,
/// which rolls the transaction back; the error page is rendered after that.
///
/// ```swift
/// let decision = try study.records.updateSurvey(key, account: account, now: now) { state in ... }
/// return decision.response(to: request, study: study)
/// ```
enum SurveyDecision {
    /// The page again with its problems and the fields as posted; nothing was stored.
    case invalid(StepPage)
    /// The draft was saved (or a retried final post found its run stored): on to the path.
    case redirect(to: String)
    /// The run was stored as completed: its completion page (or the feed), with the feed's "Saved" note.
    case completed(StudyEvent)

    /// The answer to the post, rendered now that its transaction has ended (`study.willRender` runs first).
    func response(to request: Request, study: StudyServices) -> Response {
        study.willRender()
        switch self {
        case .invalid(let page):
            // A page that only revealed conditional questions (posted without script) is no error: 200.
            let status: HTTPStatus = page.problems.allSatisfy(\.isRevealed) ? .ok : .unprocessableContent
            return .html(page.render(), status: status)
        case .redirect(to: let path):
            return .redirect(to: path)
        case .completed(let event):
            var response = Response.redirect(to: SurveyPage.finishedPath(event))
            response.cookies.append(SavedNote.cookie(for: event, request: request))
            return response
        }
    }
}
