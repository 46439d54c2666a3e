import Care
import Foundation
import Recover
import RecoverData
import Research
import Web

/// `POST /answer/:task/:occurrence/change`: opens a done event's survey again with its stored answers in
/// place (a draft beside the outcome). The stored answer stays until the last page of the new run is sent,
/// which replaces it in one transaction; Cancel keeps it. Today's or a later day's event of a task whose survey
/// can be run again (``Survey/answersCanBeChanged``: never onboarding's consent, nor a recording).
enum AnswerChange {
    static func start(_ request: Request, study: StudyServices) throws -> Response {
        let event = try AnswerDeletion.deletable(request, study: study)
        guard event.survey.answersCanBeChanged, let outcome = event.liveOutcome else {
            throw HTTPError(.forbidden, "study.error.cannotChange")
        }
        if event.draft != nil { return .redirect(to: "/survey/\(event.path)") }
        let survey = event.survey
        let stored = try study.records.surveyResults(patientID: event.participant.patientID)
            .first { $0.id == outcome.id }
            .flatMap { try? SurveyJSON.decode(SurveyResult.self, from: $0.json) }
        let runID = UUID().uuidString.lowercased()
        let run: SurveyRun
        do {
            run =
                try stored.map {
                    try SurveyRun(survey: survey, revising: $0, runID: runID, startDate: event.participant.now)
                } ?? SurveyRun(survey: survey, runID: runID, startDate: event.participant.now)
        } catch {
            throw HTTPError(.internalServerError)
        }
        try SurveyPage.saveDraft(run, event: event, study: study)
        return .redirect(to: SurveyPage.stepPath(event, run: run))
    }
}
