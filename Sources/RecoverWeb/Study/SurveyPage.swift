import Care
import CareSQLite
import Foundation
import Recover
import Research

/// `/survey/:task/:occurrence`: one step per page. GET shows the current step of the draft (or the first
/// step); POST takes that page's answers (`step` names the page, `action` is next, back or skip), saves the
/// draft after every page, and at the end stores everything in one transaction (``SurveyCompletion``).
enum SurveyPage {
    static func show(_ request: Request, study: StudyServices) throws -> Response {
        let participant = try ParticipantContext.load(request, study: study)
        if StudyEvent.gateForbids(request, participant: participant) { return .redirect(to: "/") }
        let event = try StudyEvent.resolve(request, participant: participant, study: study)
        // Direct URLs the gate forbids, and events already done, lead back to the feed.
        if event.isGated || event.liveOutcome != nil { return .redirect(to: "/?day=\(event.day)") }
        guard event.day <= participant.today else { throw HTTPError(.forbidden, "study.error.future") }
        let survey = event.survey
        let run = try loadRun(event, survey: survey, study: study)
        guard let step = run.currentStep(in: survey) else { throw HTTPError(.conflict, "study.error.outOfDate") }
        return .html(StepPage(request: request, event: event, survey: survey, step: step, run: run).render())
    }

    static func submit(_ request: Request, study: StudyServices) throws -> Response {
        let participant = try ParticipantContext.load(request, study: study)
        if StudyEvent.gateForbids(request, participant: participant) {
            throw HTTPError(.forbidden, "study.error.gated")
        }
        let event = try StudyEvent.resolve(request, participant: participant, study: study)
        try checkWritable(event)
        let form = try request.form()
        let survey = event.survey
        var run = try loadRun(event, survey: survey, study: study)
        guard let step = run.currentStep(in: survey), form["step"] == step.id else {
            throw HTTPError(.conflict, "study.error.outOfDate")
        }
        let now = participant.now
        switch form["action"] ?? "next" {
        case "back":
            do { try run.back() } catch { throw HTTPError(.badRequest, "study.error.outOfDate") }
        case "skip":
            do { _ = try run.skip(in: survey, at: now) } catch {
                throw HTTPError(.badRequest, "study.error.notOptional")
            }
        case "next":
            let page = StepPage(request: request, event: event, survey: survey, step: step, run: run)
            switch StepForm.submission(for: step, fields: form.fields, timeZone: participant.zone, at: now) {
            case .failure(let problems):
                return invalid(page, problems: problems.problems, posted: form.fields)
            case .success(let submission):
                switch run.submit(submission, for: step.id, in: survey, at: now) {
                case .failure(let errors):
                    return invalid(
                        page, problems: errors.errors.map { StepProblem.from($0, in: step) }, posted: form.fields)
                case .success(.end):
                    try SurveyCompletion.finish(run, event: event, survey: survey, study: study)
                    return .redirect(to: "/")
                case .success(.step):
                    break
                }
            }
        default:
            throw HTTPError(.badRequest, "error.badForm")
        }
        try saveDraft(run, event: event, study: study)
        return .redirect(to: "/survey/\(event.path)")
    }

    /// `GET .../cancel`: asks before discarding.
    static func confirmCancel(_ request: Request, study: StudyServices) throws -> Response {
        let participant = try ParticipantContext.load(request, study: study)
        let event = try StudyEvent.resolve(request, participant: participant, study: study)
        let t = Localizer(request.language)
        return .html(
            Layout.page(
                title: t["survey.cancelTitle"], request: request,
                body: """
                    \(StudyAssets.pageHead)
                    <h1>\(t["survey.cancelTitle"])</h1>
                    <p>\(t["survey.cancelText"])</p>
                    <form method="post" action="/survey/\(event.path)/cancel" class="survey-actions">
                    \(Layout.csrfField(request))
                    <button type="submit" class="button button--danger">\(t["survey.cancelConfirm"])</button>
                    <a class="button button--secondary" href="/survey/\(event.path)">\(t["survey.cancelKeep"])</a>
                    </form>
                    """))
    }

    /// `POST .../cancel`: discards the draft and writes nothing else.
    static func cancel(_ request: Request, study: StudyServices) throws -> Response {
        let participant = try ParticipantContext.load(request, study: study)
        let event = try StudyEvent.resolve(request, participant: participant, study: study)
        let patientID = participant.patientID
        let taskID = event.taskID
        let occurrence = event.occurrence
        try study.database.write { db in
            try SurveyDataStore.deleteDraft(patientID: patientID, taskID: taskID, occurrence: occurrence, in: db)
        }
        return .redirect(to: "/")
    }

    /// Refuses a post the participant may not make: gated, future or already done.
    static func checkWritable(_ event: StudyEvent) throws {
        if event.isGated { throw HTTPError(.forbidden, "study.error.gated") }
        if event.day > event.participant.today { throw HTTPError(.forbidden, "study.error.future") }
        if event.liveOutcome != nil { throw HTTPError(.conflict, "study.error.alreadyDone") }
    }

    static func invalid(_ page: StepPage, problems: [StepProblem], posted: [String: [String]]) -> Response {
        var page = page
        page.problems = problems
        page.posted = posted
        return .html(page.render(), status: .unprocessableContent)
    }

    /// The saved run of the event, or a new one (a draft of another survey version counts as none).
    static func loadRun(_ event: StudyEvent, survey: Survey, study: StudyServices) throws -> SurveyRun {
        let patientID = event.participant.patientID
        let taskID = event.taskID
        let occurrence = event.occurrence
        let draft = try study.database.read { db in
            try SurveyDataStore.draft(patientID: patientID, taskID: taskID, occurrence: occurrence, in: db)
        }
        if let draft, let run = try? SurveyJSON.decode(SurveyRun.self, from: draft.json),
            (try? run.check(against: survey)) != nil
        {
            return run
        }
        do {
            return try SurveyRun(
                survey: survey, runID: UUID().uuidString.lowercased(), startDate: event.participant.now)
        } catch {
            throw HTTPError(.internalServerError)
        }
    }

    static func saveDraft(_ run: SurveyRun, event: StudyEvent, study: StudyServices) throws {
        let record = SurveyDraftRecord(
            patientID: event.participant.patientID, taskID: event.taskID, occurrence: event.occurrence,
            json: try SurveyJSON.encode(run), updatedAt: event.participant.now)
        try study.database.write { db in try SurveyDataStore.saveDraft(record, in: db) }
    }
}
