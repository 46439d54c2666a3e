import Foundation
import Recover
import Research
import Web

/// One survey page: "Step 2 of 6", the step rendered from its kind, problems beside their items, and
/// Back / Skip / Next / Cancel.
struct StepPage {
    let request: Request
    let event: StudyEvent
    let survey: Survey
    let step: Step
    let run: SurveyRun
    /// Problems from the last post of this page.
    var problems: [StepProblem] = []
    /// The fields posted with those problems, shown again.
    var posted: [String: [String]] = [:]

    var t: Localizer { Localizer(request.language) }
    /// The survey's URL, under which its edit, review and cancel routes are.
    var surveyPath: String { "/survey/\(event.path)" }
    /// The step's own URL, which its form posts to (the answer is a redirect to the next step's).
    var action: String { "/survey/\(event.path)/step/\((survey.index(of: step.id) ?? 0) + 1)" }

    func render() -> HTML {
        let number = (survey.index(of: step.id) ?? 0) + 1
        let total = survey.steps.count
        let progress = t("survey.progress", ["step": String(number), "total": String(total)])
        let errors = problems.filter { !$0.isRevealed }
        let summary: HTML = "\(ErrorSummary.render(errors, items: step.items, t: t))\(revealedNotice())"
        let title = step.title ?? StudyText.taskTitle(event.studyTaskID, t)
        let back: HTML =
            run.canGoBack
            ? "<button type=\"submit\" class=\"button button--secondary\" name=\"action\" value=\"back\" formnovalidate>\(t["survey.back"])</button>"
            : .empty
        let skip: HTML =
            step.isOptional
            ? "<button type=\"submit\" class=\"button button--secondary\" name=\"action\" value=\"skip\" formnovalidate>\(t["survey.skip"])</button>"
            : .empty
        let nextLabel =
            step.kind == .completion ? t["survey.done"] : step.kind == .review ? t["survey.submit"] : t["survey.next"]
        // A step that only informs after the result is stored offers no Cancel.
        let cancel: HTML =
            step.kind == .completion
            ? .empty
            : "<a class=\"button button--secondary\" href=\"\(surveyPath)/cancel\">\(t["survey.cancel"])</a>"
        return Layout.page(
            title: "\(title) · \(progress)", request: request,
            body: """
                \(StudyAssets.pageHead)
                <div class="step-progress">
                <p class="step-progress-text" id="progress-text">\(progress)</p>
                <progress max="\(total)" value="\(number)" aria-labelledby="progress-text">\(progress)</progress>
                </div>
                <h1>\(title)</h1>
                \(step.text.map { HTML("<p>\($0)</p>") })
                \(step.detail.map { HTML("<p>\($0)</p>") })
                \(summary)
                <form class="survey-step stack" method="post" action="\(action)" id="step-form" novalidate>
                \(Layout.csrfField(request))
                <input type="hidden" name="step" value="\(step.id)">
                <input type="hidden" name="run" value="\(run.runID)">
                \(content())
                <div class="survey-actions">
                \(back)\(skip)\(ReviewWidget.backToReview(page: self))
                <button type="submit" class="button" name="action" value="next">\(nextLabel)</button>
                \(cancel)
                </div>
                </form>
                """)
    }

    func problem(for itemID: String) -> String? {
        problems.first { $0.itemID == itemID && !$0.isRevealed }.map { t($0.key, $0.arguments) }
    }

    /// Above the form, when the page comes back because its answers revealed questions (a post without
    /// script): what happened, with a link to each question now shown.
    func revealedNotice() -> HTML {
        let revealed = problems.filter(\.isRevealed).compactMap { problem in
            step.items.first { $0.id == problem.itemID }
        }
        guard !revealed.isEmpty else { return .empty }
        let links = revealed.map { HTML("<li><a href=\"#\($0.id)-when\">\($0.text)</a></li>") }
        return """
            <div class="notice" role="status" id="revealed-notice"><p>\(t[StepProblem.revealedKey])</p>\
            <ul>\(links)</ul></div>
            """
    }

    /// The page's own answers as it shows them: what was just posted (or held when it was left), else what the
    /// draft holds for it. Conditional questions are shown or hidden by these.
    func pageAnswers() -> [String: Answer] {
        guard !posted.isEmpty else { return run.draftAnswers(for: step.id) }
        let fields = FormatFields.engineFields(posted, for: step)
        var answers: [String: Answer] = [:]
        for item in step.items {
            let parsed = try? item.answerFormat.parse(
                formValues: fields[item.id] ?? [], otherText: fields["\(item.id).other"]?.first,
                timeZone: event.participant.zone, for: item.id)
            if let answer = parsed ?? nil { answers[item.id] = answer }
        }
        return answers
    }

    func content() -> HTML {
        switch step.kind {
        case .instruction(let instruction): return StepWidgets.instruction(instruction, t: t)
        case .form, .question:
            return StepItems(page: self).render()
        case .consentDocument(let document):
            return StepWidgets.consent(document, t: t, problems: problems, value: postedValue)
        case .requestPermissions(let permissions):
            return StepWidgets.permissions(permissions, page: self)
        case .rangeOfMotion:
            return StepWidgets.rangeOfMotion(page: self)
        case .bodyModel(let model): return BodyModelWidget.render(model, page: self)
        case .review: return ReviewWidget.render(page: self)
        case .completion:
            return MediaWidgets.hearingResult(page: self)
        case .frontCameraRecording, .environmentNoise, .toneAudiometry:
            return MediaWidgets.content(page: self)
        }
    }

    /// The value to show for an item: what was just posted, else the answer given before (after Back).
    func value(of item: FormItem) -> String {
        if let values = posted[item.id] { return values.first ?? "" }
        guard let answer = run.draftAnswers(for: step.id)[item.id], answer != .dontKnow else { return "" }
        return answer.formValues.first ?? ""
    }

    /// A component field's value: what was just posted, else (after Back) what the draft holds for it.
    func postedValue(_ name: String) -> String {
        if let values = posted[name] { return values.first ?? "" }
        switch run.draftActivity(for: step.id) {
        case .consent(let consent):
            guard let signature = consent.signature else { return "" }
            switch name {
            case StepForm.printedName: return signature.printedName
            case StepForm.strokes:
                return (try? SurveyJSON.encode(signature.strokes)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            case StepForm.image: return signature.png.map { "data:image/png;base64," + $0.base64EncodedString() } ?? ""
            default: return ""
            }
        case .rangeOfMotion(let result) where result.isManual && name == StepForm.manualAngle:
            return String(Int(result.range.rounded()))
        default:
            return ""
        }
    }
}
