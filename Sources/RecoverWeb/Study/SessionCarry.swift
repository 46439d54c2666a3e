import Foundation
import Recover
import RecoverData
import Research
import Web

/// A survey page sent after the session timed out keeps its answers. The post is refused (its form token was
/// the ended session's), and the refusal is a sign-in form that carries the page's fields in hidden inputs
/// (in the page's body, never in a URL). Signing in again as the same account holds them in the draft for
/// that step (unchecked, as Back does) and returns to the step with the answers in place; anyone else who
/// signs in there goes to their own start page and gets none of them.
enum SessionCarry {
    /// The carried fields' prefix, and the fields naming the account and the step they belong to.
    static let prefix = "carry."
    static let accountField = "carry-account"
    static let stepField = "carry-step"

    /// The page for a survey post refused because its session had just timed out; nil for any other refusal.
    static func page(for request: Request) -> HTML? {
        guard request.session == nil, let accountID = request.expiredAccountID,
            let survey = ErrorPage.surveyPath(of: request), let form = try? request.form(), let step = form["step"]
        else { return nil }
        var fields = SurveyPage.heldFields(form).mapKeys { prefix + $0 }
        fields[accountField] = [accountID]
        fields[stepField] = [step]
        return SignInPage.render(
            request, email: "", error: nil, noticeKey: "survey.expired.notice", action: "\(survey)/resume",
            carried: hidden(fields), titleKey: "survey.expired.title")
    }

    /// `POST /survey/:task/:occurrence/resume`: signs in (as the sign-in page does, wrong passwords and
    /// throttling included) and, for the account the fields came from, holds them and goes to their step.
    static func resume(_ request: Request, services: WebServices, study: StudyServices) throws -> Response {
        let key = try StudyEvent.key(request)
        let form = try request.form()
        let carried = form.fields.filter { $0.key.hasPrefix(prefix) || $0.key == accountField || $0.key == stepField }
        let fields = carried.filter { $0.key.hasPrefix(prefix) }.mapKeys { String($0.dropFirst(prefix.count)) }
        let language = ParticipantContext.language(request)
        return try SignInPage.submit(request, services: services, action: request.path, carried: hidden(carried)) {
            account in
            guard form[accountField] == account.id, !account.role.isStaff, account.withdrawnAt == nil,
                let step = form[stepField]
            else { return nil }
            return try hold(fields, step: step, key: key, account: account, language: language, study: study)
        }
    }

    /// Holds `fields` for `step` in the event's draft (going back to that step when it is an earlier one);
    /// the URL of the step to show.
    static func hold(
        _ fields: [String: [String]], step: String, key: StudyEventKey, account: Account, language: StudyLanguage,
        study: StudyServices
    ) throws -> String {
        try study.records.updateSurvey(key, account: account, now: study.now()) { state in
            let participant = ParticipantContext(state: state.participant, language: language)
            let event = try StudyEvent.resolve(key, in: state, participant: participant)
            try SurveyPage.checkWritable(event)
            var run = try SurveyPage.loadRun(event, survey: event.survey)
            if step != run.currentStepID, !run.rewind(to: step) {
                return (.none, SurveyPage.stepPath(event, run: run))
            }
            run.hold(fields, for: step)
            return (.saveDraft(run), SurveyPage.stepPath(event, run: run))
        }
    }

    static func hidden(_ fields: [String: [String]]) -> HTML {
        fields.sorted { $0.key < $1.key }.flatMap { name, values in
            values.map { HTML("<input type=\"hidden\" name=\"\(name)\" value=\"\($0)\">") }
        }.joined
    }
}

extension Dictionary where Key == String {
    /// The same values under keys changed by `transform`.
    fileprivate func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
