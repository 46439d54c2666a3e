import Research
import Web

/// The summary above a study page's form sent with problems (docs/components.md, "Error summary"): a heading and
/// each problem as a link to its field; error-summary.js puts the focus on it when the page loads. The survey
/// steps and the consent signing page share it.
enum ErrorSummary {
    /// The summary of `problems` on a page asking `items` (none on the consent signing page); nothing when there
    /// are no problems.
    static func render(_ problems: [StepProblem], items: [FormItem], t: Localizer) -> HTML {
        guard !problems.isEmpty else { return .empty }
        let links = problems.map { problem in
            HTML("<li><a href=\"#\(fieldID(of: problem, items: items))\">\(t(problem.key, problem.arguments))</a></li>")
        }
        return """
            <div class="error-summary alert" role="alert" tabindex="-1" id="error-summary" data-error-summary>\
            <h2 class="error-summary-title">\(t["survey.error.summary"])</h2>\
            <ul>\(links)</ul></div>
            """
    }

    /// The id of the field a problem's link leads to: the item's input, else the page's control the problem is
    /// about (the printed name, the signature, a permission card, the typed angle), else the form.
    static func fieldID(of problem: StepProblem, items: [FormItem]) -> String {
        if let itemID = problem.itemID {
            if items.contains(where: { $0.id == itemID }) { return itemID }
            switch itemID {
            case StepProblem.manualAngleItem: return "rom-manual"
            case "health": return "health-title"
            case "notifications": return "notifications-title"
            case "motionActivity": return "motion-title"
            default: return "step-form"
            }
        }
        if problem.key.hasPrefix("survey.error.name") { return "consent-name" }
        if problem.key.hasPrefix("survey.error.signature") { return "signature-label" }
        if problem.key == "survey.error.measure" || problem.key == "survey.error.samples" { return "rom-manual" }
        return "step-form"
    }
}
