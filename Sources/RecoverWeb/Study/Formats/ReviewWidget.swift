import Care
import Foundation
import Recover
import RecoverData
import Research
import Web

/// The review step: every answered question (and body-model selection) on the path so far, each with an
/// Edit button that opens its step and comes back here after Next; the page's main button submits.
enum ReviewWidget {
    struct Entry {
        let stepID: String
        let question: String
        let answer: String
    }

    static func entries(_ page: StepPage) -> [Entry] {
        let t = page.t
        let zone = page.event.participant.zone
        var entries: [Entry] = []
        var seen: Set<String> = []
        let answered = page.run.reviewEntries(in: page.survey)
        for stepID in page.run.path where seen.insert(stepID).inserted {
            guard let step = page.survey.step(stepID) else { continue }
            for entry in answered where entry.stepID == stepID {
                guard let item = step.items.first(where: { $0.id == entry.itemID }) else { continue }
                entries.append(
                    Entry(
                        stepID: stepID, question: item.text,
                        answer: AnswerText.text(entry.answer, for: item, t: t, zone: zone)))
            }
            if case .bodyModel(let model) = step.kind, let provider = BodyModels.provider(for: model.modelID),
                page.run.stepResults.contains(where: { $0.stepID == stepID })
            {
                var parts: [String] = []
                if case .bodySelection(let picked) = page.run.draftActivity(for: stepID) { parts = picked }
                let names = provider.partIDs.filter(parts.contains).map { provider.name(of: $0, t: t) }
                entries.append(
                    Entry(
                        stepID: stepID, question: step.title ?? t["bodyModel.\(provider.id).legend"],
                        answer: names.isEmpty ? t["bodyModel.noneSelected"] : StudyText.list(names, t)))
            }
        }
        return entries
    }

    static func render(page: StepPage) -> HTML {
        let t = page.t
        let rows = entries(page).enumerated().map { index, entry -> HTML in
            """
            <div class="review-entry">
            <dt id="review-q-\(index)">\(entry.question)</dt>
            <dd><span class="review-answer">\(entry.answer)</span>
            <button type="submit" class="button button--secondary button--small" formaction="\(page.surveyPath)/edit" \
            formnovalidate name="edit" value="\(entry.stepID)" aria-describedby="review-q-\(index)">\(t["review.edit"])</button></dd>
            </div>
            """
        }
        let list: HTML = rows.isEmpty ? "<p>\(t["review.empty"])</p>" : "<dl class=\"review-list\">\(rows)</dl>"
        return "<link rel=\"stylesheet\" href=\"\(StudyAssets.url("css/formats.css"))\">\(list)"
    }

    /// On a step opened from the review: "Back to review", which leaves it unchanged.
    static func backToReview(page: StepPage) -> HTML {
        guard page.run.reviewReturnStepID != nil else { return .empty }
        return """
            <button type="submit" class="button button--secondary" formaction="\(page.surveyPath)/review" formnovalidate>\
            \(page.t["review.backToReview"])</button>
            """
    }

    /// `POST /survey/:task/:occurrence/edit` (`edit` = step id): opens that step from the review.
    static func edit(_ request: Request, study: StudyServices) throws -> Response {
        try change(request, study: study) { run, form, survey in
            guard let stepID = form["edit"] else { throw HTTPError(.badRequest, "error.badForm") }
            _ = try run.edit(stepID, in: survey)
        }
    }

    /// `POST /survey/:task/:occurrence/review`: back to the review without submitting the edited step.
    static func returnToReview(_ request: Request, study: StudyServices) throws -> Response {
        try change(request, study: study) { run, _, _ in _ = try run.returnToReview() }
    }

    /// Loads the event's draft, applies `move` (a refused move is a 409), saves it and shows the current step.
    static func change(
        _ request: Request, study: StudyServices,
        _ move: (inout SurveyRun, FormData, Survey) throws -> Void
    ) throws -> Response {
        let participant = try ParticipantContext.load(request, study: study)
        if StudyEvent.gateForbids(request, participant: participant) {
            throw HTTPError(.forbidden, "study.error.gated")
        }
        let event = try StudyEvent.resolve(request, participant: participant, study: study)
        try SurveyPage.checkWritable(event)
        let form = try request.form()
        var run = try SurveyPage.loadRun(event, survey: event.survey)
        do { try move(&run, form, event.survey) } catch let error as HTTPError { throw error } catch {
            throw HTTPError(.conflict, "study.error.outOfDate")
        }
        try SurveyPage.saveDraft(run, event: event, study: study)
        return .redirect(to: "/survey/\(event.path)")
    }
}
