import Foundation
import Recover
import Research
import Web

/// The body model step (docs/components.md §8): the drawing with one checkbox per selectable part, which
/// stay the form data; `parts` is posted once per picked part.
enum BodyModelWidget {
    static func render(_ model: BodyModel, page: StepPage) -> HTML {
        render(
            model, picked: pickedParts(page),
            problem: page.problems.first { $0.itemID == nil || $0.itemID == FormatFields.parts }, t: page.t,
            knee: page.event.participant.state.surgery.knee)
    }

    /// The step with `picked` checked and `problem` beside the drawing. The knee model is drawn (and named) for
    /// `knee`, the participant's operated knee: the drawing is of the left leg and is mirrored for the right.
    static func render(
        _ model: BodyModel, picked pickedList: [String], problem: StepProblem?, t: Localizer,
        knee: BodySide = .left
    ) -> HTML {
        guard let provider = BodyModels.provider(for: model.modelID) else { return "<p>\(t["survey.unsupported"])</p>" }
        let selectable = model.allowsSelection ? model.selectableParts.filter(provider.partIDs.contains) : []
        let picked = Set(pickedList)
        let errorHTML: HTML =
            problem.map { "<p class=\"field-error\" id=\"body-model-error\">\(t($0.key, $0.arguments))</p>" } ?? .empty
        let boxes = selectable.map { part -> HTML in
            let checked: HTML = picked.contains(part) ? " checked" : .empty
            return
                "<label class=\"choice\"><input type=\"checkbox\" name=\"\(FormatFields.parts)\" value=\"\(part)\"\(checked)> \(provider.name(of: part, t: t))</label>"
        }
        let highlighted = model.highlightedParts.filter(provider.partIDs.contains)
        let highlightNote: HTML =
            highlighted.isEmpty
            ? .empty
            : "<p class=\"field-hint\">\(t("bodyModel.highlightedNote", ["parts": StudyText.list(highlighted.map { provider.name(of: $0, t: t) }, t)]))</p>"
        let required: HTML =
            model.continueAfterSelectionOnly && !selectable.isEmpty ? " data-require-selection" : .empty
        let allows: HTML = selectable.isEmpty ? " data-allows-selection=\"false\"" : .empty
        let choices: HTML =
            selectable.isEmpty
            ? .empty
            : """
            <div class="body-model-choices" data-body-model-choices>
            <p class="field-hint" id="body-model-list">\(t["bodyModel.list"])</p>
            <div role="group" aria-labelledby="body-model-list">\(boxes)</div>
            </div>
            <input type="hidden" name="\(FormatFields.parts).json" value="" disabled data-body-model-value>
            """
        let legend = KneeWording.text(
            model.allowsSelection ? t["bodyModel.\(provider.id).legend"] : t["bodyModel.\(provider.id).title"],
            knee: knee)
        let side: HTML = provider.id == KneeModel().id ? " data-side=\"\(knee.rawValue)\"" : .empty
        return """
            <fieldset class="body-model\(problem == nil ? "" : " has-error")" data-body-model\(side) \
            data-body-model-src="\(StudyAssets.url(provider.assetPath))" data-highlight-color="\(model.highlightColor)" \
            data-highlighted="\(highlighted.joined(separator: " "))" data-highlighted-suffix="\(t["bodyModel.highlightedSuffix"])" \
            data-selected-template="\(t["bodyModel.selected"])" data-none-selected-message="\(t["bodyModel.noneSelected"])" data-list-separator="\(t["list.separator"])"\
            \(required)\(allows)\(problem == nil ? HTML.empty : " aria-describedby=\"body-model-error\"")>
            <legend>\(legend)</legend>
            <p class="field-hint">\(t["bodyModel.\(provider.id).views"])</p>\(highlightNote)
            <div class="body-model-figure" data-body-model-figure>\(provider.svg)</div>
            \(choices)
            <p class="body-model-status" data-body-model-status aria-live="polite"></p>
            \(errorHTML)</fieldset>
            """
    }

    /// The parts shown picked: as just posted, else the draft's selection (after Back or Edit).
    static func pickedParts(_ page: StepPage) -> [String] {
        if !page.posted.isEmpty { return page.posted[FormatFields.parts] ?? [] }
        if case .bodySelection(let parts) = page.run.draftActivity(for: page.step.id) { return parts }
        return []
    }
}
