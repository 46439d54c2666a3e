import Research
import Web

/// The error summary of a survey step or the consent signing page: each problem linked to the item or the
/// page's own control it is about.
extension ErrorSummary {
    /// The summary of `problems` on a page asking `items` (none on the consent signing page); nothing when there
    /// are no problems.
    static func render(_ problems: [StepProblem], items: [FormItem], t: Localizer) -> HTML {
        render(
            heading: t["survey.error.summary"],
            problems: problems.map { Problem(t($0.key, $0.arguments), field: fieldID(of: $0, items: items)) })
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
