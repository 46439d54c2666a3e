import Foundation
import RecoverData
import Research
import Web

/// `GET|POST /consent/sign/:document`: signing the current version of one consent document after onboarding.
///
/// A required document whose new version the participant has not signed gates the feed and the tasks
/// (``ParticipantState/pendingConsents``): the feed sends them here, for that document only. The page says what
/// changed (version before and now), frames the exact text, and offers signing or withdrawing; an optional
/// document offers signing or "Not now". The post goes through the survey engine's consent step, so the
/// printed name and the signature are checked as in onboarding, and is stored with the page's run id, so a
/// repeated post stores nothing twice. Signed, the participant sees their signed copy of this record.
enum ConsentSignPage {
    static func show(_ request: Request, study: StudyServices) throws -> Response {
        let participant = try ParticipantContext.load(request, study: study)
        guard participant.isOnboarded else { return .redirect(to: "/") }
        let standing = try standing(request, participant: participant)
        if standing.isCurrent { return .redirect(to: "/account/consent?record=\(standing.recordID ?? "")") }
        return .html(render(request, participant: participant, standing: standing, runID: newRunID()))
    }

    static func submit(_ request: Request, study: StudyServices) throws -> Response {
        let participant = try ParticipantContext.load(request, study: study)
        guard participant.isOnboarded else { throw HTTPError(.forbidden, "study.error.gated") }
        let standing = try standing(request, participant: participant)
        let form = try request.form()
        guard let runID = form["run"], UUID(uuidString: runID) != nil else {
            throw HTTPError(.badRequest, "study.error.outOfDate")
        }
        guard let document = standing.current.engineDocument(participant.language.tag) else {
            throw HTTPError(.notFound)
        }
        if form["version"] != standing.current.version || form["language"] != document.language {
            // A newer version was published since the page was shown: show it.
            return .html(
                render(
                    request, participant: participant, standing: standing, runID: newRunID(),
                    problems: [StepProblem(key: "reconsent.error.newVersion")]), status: .conflict)
        }
        let step = signingStep(document)
        switch StepForm.submission(for: step, fields: form.fields, timeZone: participant.zone, at: participant.now) {
        case .failure(let problems):
            return .html(
                render(
                    request, participant: participant, standing: standing, runID: runID, problems: problems.problems,
                    posted: form.fields), status: .unprocessableContent)
        case .success(let submission):
            guard case .consent(let consent) = submission.activity else { throw HTTPError(.badRequest) }
            // The engine checks the signed page as it checks onboarding's consent step: a printed name, not too
            // long and without control characters, and strokes in the signature.
            let survey = Survey(id: "consent.sign", steps: [step])
            var run: SurveyRun
            do { run = try SurveyRun(survey: survey, runID: runID, startDate: participant.now) } catch {
                throw HTTPError(.internalServerError)
            }
            if case .failure(let errors) = run.submit(submission, for: step.id, in: survey, at: participant.now) {
                return .html(
                    render(
                        request, participant: participant, standing: standing, runID: runID,
                        problems: errors.errors.map { StepProblem.from($0, in: step) }, posted: form.fields),
                    status: .unprocessableContent)
            }
            guard consent.signature?.png != nil else {
                return .html(
                    render(
                        request, participant: participant, standing: standing, runID: runID,
                        problems: [StepProblem(key: "survey.error.signatureEmpty")], posted: form.fields),
                    status: .unprocessableContent)
            }
            do {
                try study.records.signConsent(
                    consent, id: runID, documentID: standing.current.documentID, account: participant.account,
                    now: study.now())
            } catch let error as StudyRecordError where error.code == .outOfDate {
                return .html(
                    render(
                        request, participant: participant, standing: standing, runID: newRunID(),
                        problems: [StepProblem(key: "reconsent.error.newVersion")]), status: .conflict)
            } catch let error as StudyRecordError {
                throw HTTPError.from(error)
            }
            return .redirect(to: "/account/consent?record=\(runID)")
        }
    }

    /// The participant's standing with the route's document; 404 for a document the study does not have.
    static func standing(_ request: Request, participant: ParticipantContext) throws -> ConsentStanding {
        let documentID = try request.parameter("document")
        guard let standing = participant.state.consents.first(where: { $0.current.documentID == documentID }) else {
            throw HTTPError(.notFound, "reconsent.error.noSuchDocument")
        }
        return standing
    }

    static func signingStep(_ document: ConsentDocument) -> Step {
        Step(id: "consent.sign", kind: .consentDocument(document))
    }

    static func newRunID() -> String { UUID().uuidString.lowercased() }

    static func render(
        _ request: Request, participant: ParticipantContext, standing: ConsentStanding, runID: String,
        problems: [StepProblem] = [], posted: [String: [String]] = [:]
    ) -> HTML {
        let t = Localizer(request.language)
        let current = standing.current
        let document = current.engineDocument(participant.language.tag)
        let title = current.text(participant.language.tag)?.title ?? current.documentID
        let heading: String
        let explanation: String
        if let signed = standing.signedVersion {
            heading = t("reconsent.changed.title", ["title": title])
            explanation = t("reconsent.changed.text", ["before": signed, "now": current.version])
        } else if current.isRequired {
            heading = t("reconsent.new.title", ["title": title])
            explanation = t("reconsent.new.text", ["now": current.version])
        } else {
            heading = t("reconsent.optional.title", ["title": title])
            explanation = t("reconsent.optional.text", ["now": current.version])
        }
        let alternative: HTML =
            current.isRequired
            ? """
            <p>\(t["reconsent.required.note"])</p>
            <p><a href="/account/withdraw">\(t["reconsent.withdraw"])</a></p>
            """
            : "<p><a class=\"button button--secondary\" href=\"/account\">\(t["reconsent.notNow"])</a></p>"
        // Every problem, each a link to its field (the printed name, the signature), as on a survey step.
        let summary = ErrorSummary.render(problems, items: [], t: t)
        let widgets: HTML =
            document.map { document in
                StepWidgets.consent(document, t: t, problems: problems) { name in posted[name]?.first ?? "" }
            } ?? .empty
        return Layout.page(
            title: heading, request: request,
            body: """
                \(StudyAssets.pageHead)
                <h1>\(heading)</h1>
                <p>\(explanation)</p>
                \(summary)
                <form class="survey-step stack" method="post" action="/consent/sign/\(current.documentID)" id="step-form" novalidate>
                \(Layout.csrfField(request))
                <input type="hidden" name="run" value="\(runID)">
                <input type="hidden" name="version" value="\(current.version)">
                <input type="hidden" name="language" value="\(document?.language ?? "")">
                \(widgets)
                <div class="survey-actions">
                <button type="submit" class="button" name="action" value="next" data-gated>\(t["reconsent.sign"])</button>
                </div>
                </form>
                \(alternative)
                """)
    }
}
