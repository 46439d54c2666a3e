import Care
import Foundation
import Recover
import Research
import Web

/// `GET /survey/:task/:occurrence/done`: the completion step of a survey whose result is stored (the last
/// answer stored it), with the result where there is one and "Back to today". Nothing on it changes the
/// record, so leaving it leaves the task done.
enum CompletionPage {
    static func show(_ request: Request, study: StudyServices) throws -> Response {
        let participant = try ParticipantContext.load(request, study: study)
        let event = try StudyEvent.resolve(request, participant: participant, study: study)
        guard let outcome = event.liveOutcome else { return .redirect(to: "/survey/\(event.path)") }
        let survey = event.survey
        guard let step = survey.completionStep else { return .redirect(to: "/?day=\(event.day)") }
        let t = Localizer(request.language)
        let text = try result(outcome, of: event, study: study, t: t)
        let shown: HTML =
            text.isEmpty
            ? .empty : "<p class=\"completion-result\" id=\"completion-result\"><strong>\(text)</strong></p>"
        let home = event.day == participant.today ? "/" : "/?day=\(event.day)"
        let title = step.title ?? t["survey.completion.title"]
        return .html(
            Layout.page(
                title: title, request: request,
                body: """
                    \(StudyAssets.pageHead)
                    <div class="completion stack" role="status">
                    <p class="completion-saved">\(t("survey.completion.saved", ["task": StudyText.taskTitle(event.studyTaskID, t)]))</p>
                    <h1>\(title)</h1>
                    \(shown)
                    \(MediaWidgets.hearingResult(outcome, survey: survey, t: t))
                    \(step.text.map { HTML("<p>\($0)</p>") })
                    \(step.detail.map { HTML("<p>\($0)</p>") })
                    </div>
                    <p class="survey-actions"><a class="button" href="\(home)" id="back-to-today">\(t["survey.completion.home"])</a></p>
                    """))
    }

    /// The stored result in a line: a range of motion against the participant's goal ("70°, 50° to your
    /// 120° goal"), else the card's summary ("Pain 3 · Sleep 7 h"); empty when there is nothing to show.
    static func result(_ outcome: Outcome, of event: StudyEvent, study: StudyServices, t: Localizer) throws -> String {
        let range = outcome.values.first { $0.kind == RangeOfMotionOutcomeMapping.kind }?.numericValue
        guard let range else { return AnswerSummaryText.text(outcome.values, t: t) }
        let degrees = Int(range.rounded())
        let goal = try study.records.outcomesInForce(patientID: event.participant.state.patientID)
            .sorted { $0.createdDate < $1.createdDate }
            .last { $0.values.contains { $0.kind == RecoverSurveys.Onboarding.targetKneeBend } }?
            .values.first { $0.kind == RecoverSurveys.Onboarding.targetKneeBend }?.numericValue
        guard let goal, goal.isFinite, goal > 0, goal < 1000 else {
            return t("survey.completion.range", ["range": String(degrees)])
        }
        let target = Int(goal.rounded())
        if degrees >= target {
            return t("survey.completion.rangeReached", ["range": String(degrees), "goal": String(target)])
        }
        return t(
            "survey.completion.rangeToGoal",
            ["range": String(degrees), "remaining": String(target - degrees), "goal": String(target)])
    }
}

extension Survey {
    /// The survey's closing completion step, if it has one (it informs; the result is stored before it).
    var completionStep: Step? {
        guard let last = steps.last, case .completion = last.kind else { return nil }
        return last
    }
}
