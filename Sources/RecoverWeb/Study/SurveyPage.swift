import Care
import Foundation
import Recover
import RecoverData
import Research
import Web

/// `/survey/:task/:occurrence`: one step per page. GET shows the current step of the draft (or the first
/// step); POST takes that page's answers (`step` names the page, `action` is next, back or skip), saves the
/// draft after every page, and at the end stores everything in one transaction; each post's answer is rendered
/// after its transaction, from what it decided (``SurveyDecision``).
enum SurveyPage {
    /// `GET /survey/:task/:occurrence`: sends to the current step's own URL (or the completion page when the
    /// event is done), so every step is one entry of the browser's history.
    static func start(_ request: Request, study: StudyServices) throws -> Response {
        try show(request, study: study, number: nil, now: study.now()).response
    }

    /// `GET /survey/:task/:occurrence/step/:number`: step `number` (1-based, the survey's order). The current
    /// step is shown; a step before it on the way taken (the browser's Back) becomes current again, as the
    /// page's Back would; any other step sends to the current one.
    ///
    /// The page is tagged like the feed (``PageTag``: the participant's version, which counts the event's
    /// task, outcome and draft, the study version the survey comes from, consents, language and zone; today;
    /// the path; the session's CSRF token): an unchanged step is answered 304, or with the body kept for its
    /// tag, after one read.
    ///
    /// A kept page carries the run id it was made with when the event has no draft yet (a new run's id is
    /// drawn for each page made, and the first post proposes it: ``loadRun(_:survey:proposedID:)``). Serving
    /// that id again is sound: it goes only to the same session (the CSRF hash), participant, event and step
    /// (the path), for the same records (the version), which is what the browser's own copy of the page (its
    /// cache, Back, a 304) holds anyway. Two tabs posting it are one run, as two posts of one page are: the
    /// first post saves a draft under the id, which later posts continue, or, for a one-page survey, stores
    /// the outcome under it; a second post with the same answers is answered as a retry of that run (the
    /// completion page, nothing written) and one with other answers is refused 409 (``answersDiffer``), so
    /// nothing is stored over another run and no answer is acknowledged that was not stored. Any post that saves, completes or discards
    /// writes the participant's records, so the next page has a new tag and a new id or the draft's.
    static func showStep(_ request: Request, study: StudyServices) throws -> Response {
        guard let number = BoundedInteger.parse(try request.parameter("number"), in: 1...1000) else {
            throw HTTPError(.notFound, "study.error.noSuchEvent")
        }
        let account = try ParticipantContext.participantAccount(request)
        _ = try StudyEvent.key(request)
        let now = study.now()
        let today = LocalDateTime(instant: now, in: TimeZone(identifier: account.zoneIdentifier) ?? .gmt).date
        let tag = try PageTag(kind: "step", request, account: account, today: today, study: study)
        if let answer = tag.answer(request, pages: study.pages) { return answer }
        let shown = try show(request, study: study, number: number, now: now)
        // Only the step page itself is kept: not a redirect, and not a page whose GET rewound the draft (that
        // wrote the records, so no later request has this tag).
        return shown.isStable ? tag.kept(shown.response, in: study.pages) : shown.response
    }

    /// The step page or where it sends; `isStable` when it is the step page of the records as they were read
    /// (no redirect, nothing written).
    static func show(_ request: Request, study: StudyServices, number: Int?, now: Date) throws
        -> (response: Response, isStable: Bool)
    {
        let participant = try ParticipantContext.load(request, study: study, now: now)
        if StudyEvent.gateForbids(request, participant: participant) { return (.redirect(to: "/"), false) }
        let event = try StudyEvent.resolve(request, participant: participant, study: study)
        // Direct URLs the gate forbids lead back to the feed; a done event to its completion page.
        if event.isGated { return (.redirect(to: "/?day=\(event.day)"), false) }
        // A done event shows its completion page, unless its answer is being changed (a draft beside it).
        if event.liveOutcome != nil, event.draft == nil {
            return (.redirect(to: finishedPath(event, day: event.day)), false)
        }
        guard event.day <= participant.today else { throw HTTPError(.forbidden, "study.error.future") }
        let survey = event.survey
        var run = try loadRun(event, survey: survey)
        guard let current = run.currentStep(in: survey) else { throw HTTPError(.conflict, "study.error.outOfDate") }
        guard let number, number <= survey.steps.count else {
            return (.redirect(to: stepPath(event, run: run)), false)
        }
        let wanted = survey.steps[number - 1].id
        var rewound = false
        if wanted != current.id {
            guard run.rewind(to: wanted) else { return (.redirect(to: stepPath(event, run: run)), false) }
            try saveDraft(run, event: event, study: study)
            rewound = true
        }
        guard let step = run.currentStep(in: survey) else { throw HTTPError(.conflict, "study.error.outOfDate") }
        var page = StepPage(request: request, event: event, survey: survey, step: step, run: run)
        page.posted = run.heldFields[step.id] ?? [:]
        return (.html(page.render()), !rewound)
    }

    /// The URL of the run's current step (the completion page at its end).
    static func stepPath(_ event: StudyEvent, run: SurveyRun) -> String {
        guard let id = run.currentStepID, let index = event.survey.index(of: id) else { return donePath(event) }
        return "/survey/\(event.path)/step/\(index + 1)"
    }

    /// The URL of the event's completion page.
    static func donePath(_ event: StudyEvent) -> String { "/survey/\(event.path)/done" }

    /// `POST /survey/:task/:occurrence`: one read of the session (middleware) and ONE write transaction, in
    /// which the participant, the event and its draft are read, the engine checks the page, and the draft or
    /// the completed survey is stored (``StudyDatabase/updateSurvey(_:account:now:_:)``). The transaction
    /// returns a ``SurveyDecision``; the answer is rendered from it only after the commit (or the rollback).
    static func submit(_ request: Request, study: StudyServices) throws -> Response {
        let account = try ParticipantContext.participantAccount(request)
        let key = try StudyEvent.key(request)
        let form = try request.form()
        let language = ParticipantContext.language(request)
        let decision: SurveyDecision
        do {
            decision = try study.records.updateSurvey(key, account: account, now: study.now()) { state in
                let participant = ParticipantContext(state: state.participant, language: language)
                if StudyEvent.gateForbids(request, participant: participant) {
                    throw HTTPError(.forbidden, "study.error.gated")
                }
                let event = try StudyEvent.resolve(key, in: state, participant: participant)
                // A retried final post (the answer was stored, the response lost): answer as the first did. The
                // same run posted with other answers (another tab of a kept page) is refused as any post to a
                // done event is, so no answer is acknowledged that was not stored.
                if let outcome = event.liveOutcome, let run = form["run"], outcome.id == run {
                    if answersDiffer(form, from: outcome, request: request, event: event) {
                        throw HTTPError(.conflict, "study.error.alreadyDone")
                    }
                    return (.none, .redirect(to: finishedPath(event)))
                }
                try checkWritable(event)
                return try page(form, request: request, event: event)
            }
        } catch let error as StudyRecordError {
            throw HTTPError.from(error)
        }
        return decision.response(to: request, study: study)
    }

    /// Whether `form`, posted again under the run stored as `outcome`, would store other values than it holds.
    /// Only a post the engine takes to the end of a new run can be compared (a one-page survey such as the
    /// check-in); for any other (a later page of a run whose draft the completion removed) it is taken for the
    /// retry it claims to be, as before.
    static func answersDiffer(_ form: FormData, from outcome: Outcome, request: Request, event: StudyEvent) -> Bool {
        guard let update = (try? page(form, request: request, event: event))?.0 else { return false }
        let run: SurveyRun
        switch update {
        case .complete(let finished, _), .replace(let finished, _, _): run = finished
        case .none, .saveDraft: return false
        }
        guard let result = try? run.finish(.completed, at: event.participant.now),
            let values = try? RecoverOutcomes.values(for: result, study: event.study)
        else { return false }
        return values != outcome.values
    }

    /// What one posted page does: the engine's next step, back (keeping the page's fields unchecked), skip, a
    /// page of problems, or the end. The last answer stores the result at once: a completion step that only
    /// follows it is passed, so the completion page is shown of a saved result. A post of a step before the
    /// current one on the way taken (a page the browser's Back restored without asking) goes back to it first;
    /// a step off that way is refused (409).
    static func page(_ form: FormData, request: Request, event: StudyEvent) throws -> (SurveyUpdate, SurveyDecision) {
        let survey = event.survey
        var run = try loadRun(event, survey: survey, proposedID: form["run"])
        // A page of a step before the current one (the browser's Back showed it from its cache): back to it.
        if let posted = form["step"], posted != run.currentStepID { _ = run.rewind(to: posted) }
        guard let step = run.currentStep(in: survey), form["step"] == step.id else {
            throw HTTPError(.conflict, "study.error.outOfDate")
        }
        let now = event.participant.now
        switch form["action"] ?? "next" {
        case "back":
            run.hold(heldFields(form), for: step.id)
            do { try run.back() } catch { throw HTTPError(.badRequest, "study.error.outOfDate") }
        case "skip":
            do { _ = try run.skip(in: survey, at: now) } catch {
                throw HTTPError(.badRequest, "study.error.notOptional")
            }
        case "next":
            let page = StepPage(request: request, event: event, survey: survey, step: step, run: run)
            switch StepForm.submission(for: step, fields: form.fields, timeZone: event.participant.zone, at: now) {
            case .failure(let problems):
                return (.none, invalid(page, problems: problems.problems, posted: form.fields))
            case .success(let submission):
                switch run.submit(submission, for: step.id, in: survey, at: now) {
                case .failure(let errors):
                    let problems = errors.errors.map { StepProblem.from($0, in: step) }
                    return (.none, invalid(page, problems: problems, posted: form.fields))
                case .success:
                    break
                }
            }
        default:
            throw HTTPError(.badRequest, "error.badForm")
        }
        if run.passFinalCompletion(in: survey, at: now) == .end {
            if let changed = event.liveOutcome {
                return (.replace(run, survey: survey, outcomeID: changed.id), .completed(event))
            }
            return (.complete(run, survey: survey), .completed(event))
        }
        return (.saveDraft(run), .redirect(to: stepPath(event, run: run)))
    }

    /// Where a stored result leads: the completion page, or the feed when the survey has none.
    static func finishedPath(_ event: StudyEvent, day: LocalDate? = nil) -> String {
        event.survey.completionStep == nil ? (day.map { "/?day=\($0)" } ?? "/") : donePath(event)
    }

    /// The fields of a page left with Back, without the form's own (token, step, run, action).
    static func heldFields(_ form: FormData) -> [String: [String]] {
        form.fields.filter { !["csrf", "step", "run", "action"].contains($0.key) && $0.value.contains { !$0.isEmpty } }
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
        try study.records.discardDraft(
            StudyEventKey(studyTaskID: event.studyTaskID, occurrence: event.occurrence), for: participant.state)
        return .redirect(to: "/")
    }

    /// Refuses a post the participant may not make: gated, future or already done.
    static func checkWritable(_ event: StudyEvent) throws {
        if event.isGated { throw HTTPError(.forbidden, "study.error.gated") }
        if event.day > event.participant.today { throw HTTPError(.forbidden, "study.error.future") }
        // A done event takes posts only while its answer is being changed (Change made a draft beside it).
        if event.liveOutcome != nil, event.draft == nil { throw HTTPError(.conflict, "study.error.alreadyDone") }
    }

    /// The page to show again with its problems and the fields as posted (rendered after the transaction).
    static func invalid(_ page: StepPage, problems: [StepProblem], posted: [String: [String]]) -> SurveyDecision {
        var page = page
        page.problems = problems
        page.posted = posted
        return .invalid(page)
    }

    /// The saved run of the event, or a new one (a draft of another survey version counts as none). A new run
    /// takes the id the page carried (`proposedID`, a UUID), so a retried post of a one-page survey names the
    /// outcome its first attempt stored.
    static func loadRun(_ event: StudyEvent, survey: Survey, proposedID: String? = nil) throws -> SurveyRun {
        if let draft = event.draft, let run = try? SurveyJSON.decode(SurveyRun.self, from: draft.json),
            (try? run.check(against: survey)) != nil
        {
            return run
        }
        do {
            let id = proposedID.flatMap(UUID.init(uuidString:)) ?? UUID()
            return try SurveyRun(survey: survey, runID: id.uuidString.lowercased(), startDate: event.participant.now)
        } catch {
            throw HTTPError(.internalServerError)
        }
    }
}

extension SurveyPage {
    /// Saves the run as the event's draft.
    static func saveDraft(_ run: SurveyRun, event: StudyEvent, study: StudyServices) throws {
        try study.records.saveDraft(
            run, StudyEventKey(studyTaskID: event.studyTaskID, occurrence: event.occurrence),
            for: event.participant.state)
    }
}

extension HTTPError {
    /// The page for a refusal of the study's records.
    static func from(_ error: StudyRecordError) -> HTTPError {
        switch error.code {
        case .alreadyDone: HTTPError(.conflict, "study.error.alreadyDone")
        case .outOfDate: HTTPError(.conflict, "study.error.outOfDate")
        case .signatureMissing: HTTPError(.badRequest, "survey.error.signatureEmpty")
        case .noSuchEvent: HTTPError(.notFound, "study.error.noSuchEvent")
        default: HTTPError(.badRequest, "study.error.incomplete")
        }
    }
}

extension SurveyPage {
    /// Stores the finished run of the event (result, outcome, consent and later tasks in one transaction).
    static func finish(_ run: SurveyRun, event: StudyEvent, study: StudyServices) throws {
        do {
            try study.records.completeSurvey(
                run, survey: event.survey, StudyEventKey(studyTaskID: event.studyTaskID, occurrence: event.occurrence),
                for: event.participant.state)
        } catch let error as StudyRecordError {
            throw HTTPError.from(error)
        }
    }
}
