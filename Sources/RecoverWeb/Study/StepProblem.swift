import Foundation
import Research

/// A problem with a posted page, shown beside its item (or above the form when `itemID` is nil), in the
/// participant's language.
struct StepProblem: Error, Hashable {
    /// The item the problem concerns; nil for the step as a whole.
    var itemID: String?
    /// The catalog key of the message.
    var key: String
    var arguments: [String: String] = [:]

    /// The problem beside the range-of-motion page's typed angle (not an item of the step).
    static let manualAngleItem = "manual"
    /// The key of a conditional question the page's answers revealed: not an error, the page is shown again
    /// with the question (``StepPage``'s notice names it).
    static let revealedKey = "survey.branching.revealed"

    /// Whether this is a revealed question rather than a problem.
    var isRevealed: Bool { key == Self.revealedKey }

    /// The participant-facing problem for an error of the survey engine: the message is chosen by the
    /// error's code, its values (bounds, limits) are the error's. The engine's English text is never read.
    static func from(_ error: ItemError, in step: Step) -> StepProblem {
        if let problem = FormatProblems.problem(for: error, in: step) { return problem }
        guard let itemID = error.itemID else { return pageProblem(error, in: step) }
        switch error.code {
        case .required:
            return StepProblem(itemID: itemID, key: "survey.error.required")
        case .tooLong:
            return StepProblem(
                itemID: itemID, key: "survey.error.tooLong", arguments: ["max": error.limit.map(String.init) ?? "…"])
        case .unknownItem:
            return StepProblem(itemID: itemID, key: "survey.error.invalid")
        case .revealed:
            return StepProblem(itemID: itemID, key: revealedKey)
        case .controlCharacter:
            return StepProblem(itemID: itemID, key: "survey.error.controlCharacter")
        default:
            break
        }
        // An answer its widget cannot take: the widget's own hint.
        switch step.items.first(where: { $0.id == itemID })?.answerFormat {
        case .scale?, .numeric?:
            return range(itemID: itemID, error.bounds)
        case .timeOfDay?:
            return StepProblem(itemID: itemID, key: "survey.error.time")
        default:
            return StepProblem(itemID: itemID, key: "survey.error.invalid")
        }
    }

    /// A problem with the page as a whole (its consent, permissions or measurement).
    private static func pageProblem(_ error: ItemError, in step: Step) -> StepProblem {
        switch (error.code, step.kind) {
        case (.signatureEmpty, _), (.signatureRequired, _):
            return StepProblem(key: "survey.error.signatureEmpty")
        case (.nameRequired, _):
            return StepProblem(key: "survey.error.nameRequired")
        case (.nameTooLong, _):
            return StepProblem(key: "survey.error.nameTooLong")
        case (.controlCharacter, _):
            return StepProblem(key: "survey.error.controlCharacter")
        case (.permissionsUnanswered, _):
            return StepProblem(key: "survey.error.permissions")
        case (.outOfRange, .rangeOfMotion), (.notANumber, .rangeOfMotion):
            return range(itemID: manualAngleItem, error.bounds)
        case (.measurementRequired, .rangeOfMotion):
            return StepProblem(key: "survey.error.measure")
        case (.unusableSamples, .rangeOfMotion):
            return StepProblem(key: "survey.error.samples")
        default:
            return StepProblem(key: "survey.error.invalidPage")
        }
    }

    /// "Choose a value from {min} to {max}." with the engine's bounds ("…" for an open end).
    private static func range(itemID: String, _ bounds: ItemError.Bounds?) -> StepProblem {
        let number = { (value: Double?) in value.map(AnswerText.number) ?? "…" }
        return StepProblem(
            itemID: itemID, key: "survey.error.range",
            arguments: ["min": number(bounds?.minimum), "max": number(bounds?.maximum)])
    }
}

/// Every problem with a posted page.
struct PageProblems: Error, Hashable {
    var problems: [StepProblem]

    init(_ problems: [StepProblem]) { self.problems = problems }
}
