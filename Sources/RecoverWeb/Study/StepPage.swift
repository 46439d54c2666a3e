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
    var action: String { "/survey/\(event.path)" }

    func render() -> HTML {
        let number = (survey.index(of: step.id) ?? 0) + 1
        let total = survey.steps.count
        let progress = t("survey.progress", ["step": String(number), "total": String(total)])
        let pageProblems = problems.filter { $0.itemID == nil || !knownItem($0.itemID) }
        let summary: HTML =
            problems.isEmpty
            ? .empty
            : """
            <div class="error-summary alert" role="alert"><p>\(t["survey.error.summary"])</p>\
            <ul>\(pageProblems.map { HTML("<li>\(t($0.key, $0.arguments))</li>") })</ul></div>
            """
        let title = step.title ?? t["task.\(event.studyTaskID).title"]
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
                <button type="submit" class="button" name="action" value="next" data-gated>\(nextLabel)</button>
                <a class="button button--secondary" href="\(action)/cancel">\(t["survey.cancel"])</a>
                </div>
                </form>
                """)
    }

    func knownItem(_ itemID: String?) -> Bool {
        guard let itemID else { return false }
        return step.items.contains { $0.id == itemID }
    }

    func problem(for itemID: String) -> String? {
        problems.first { $0.itemID == itemID }.map { t($0.key, $0.arguments) }
    }

    func content() -> HTML {
        switch step.kind {
        case .instruction(let instruction): return StepWidgets.instruction(instruction, t: t)
        case .form, .question:
            return step.items.map { item in
                formatWidget(item).render()
                    ?? StepWidgets.item(item, value: value(of: item), error: problem(for: item.id), t: t)
            }.joined
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
