import Care
import Foundation
import Recover
import RecoverData
import Web

/// `/answer/:task/:occurrence/delete`: GET asks "Are you sure?", POST deletes the event's outcome (a
/// tombstone), only for today's or a later day's event and never for onboarding.
enum AnswerDeletion {
    static func confirm(_ request: Request, study: StudyServices) throws -> Response {
        let event = try deletable(request, study: study)
        let t = Localizer(request.language)
        let summary = AnswerSummaryText.text(event.liveOutcome?.values ?? [], t: t)
        return .html(
            Layout.page(
                title: t["delete.title"], request: request,
                body: """
                    \(StudyAssets.pageHead)
                    <h1>\(t["delete.title"])</h1>
                    <p>\(t("delete.text", ["task": StudyText.taskTitle(event.studyTaskID, t), "date": StudyText.longDate(event.day, t)]))</p>
                    <p class="task-answers">\(summary)</p>
                    <form method="post" action="/answer/\(event.path)/delete" class="survey-actions">
                    \(Layout.csrfField(request))
                    <button type="submit" class="button button--danger">\(t["delete.confirm"])</button>
                    <a class="button button--secondary" href="/?day=\(event.day)">\(t["delete.keep"])</a>
                    </form>
                    """))
    }

    static func delete(_ request: Request, study: StudyServices) throws -> Response {
        let event = try deletable(request, study: study)
        guard let outcomeID = event.liveOutcome?.id else { throw HTTPError(.conflict, "study.error.noAnswer") }
        try study.records.deleteAnswer(outcomeID: outcomeID, for: event.participant.state)
        return .redirect(to: "/?day=\(event.day)")
    }

    static func deletable(_ request: Request, study: StudyServices) throws -> StudyEvent {
        let participant = try ParticipantContext.load(request, study: study)
        let event = try StudyEvent.resolve(request, participant: participant, study: study)
        if event.studyTaskID == StudyTaskID.onboarding { throw HTTPError(.forbidden, "study.error.keepOnboarding") }
        if event.day < participant.today { throw HTTPError(.forbidden, "study.error.pastAnswer") }
        if event.liveOutcome == nil { throw HTTPError(.conflict, "study.error.noAnswer") }
        return event
    }
}

/// A done card's answers as one localised line.
enum AnswerSummaryText {
    static func text(_ values: [OutcomeValue], t: Localizer) -> String {
        text(AnswerSummary(values: values), t: t)
    }
}
