import Foundation
import Research

/// Participant-facing problems for the formats and steps of this folder, chosen by the engine's error code;
/// the values a message names come from the error (`bounds`, `authorMessage`), never from the format.
enum FormatProblems {
    /// The problem for `error`, or `nil` to leave it to ``StepProblem/from(_:in:)``.
    static func problem(for error: ItemError, in step: Step) -> StepProblem? {
        guard let itemID = error.itemID else {
            guard case .bodyModel = step.kind else { return nil }
            switch error.code {
            case .unknownPart, .selectionNotAllowed:
                return StepProblem(itemID: FormatFields.parts, key: "survey.error.unknownPart")
            case .selectPart:
                return StepProblem(itemID: FormatFields.parts, key: "survey.error.selectPart")
            default:
                return StepProblem(itemID: FormatFields.parts, key: "survey.error.invalid")
            }
        }
        switch error.code {
        case .required, .tooLong, .unknownItem, .controlCharacter, .revealed:
            return nil
        case .patternMismatch:
            return error.authorMessage.map {
                StepProblem(itemID: itemID, key: "survey.error.pattern", arguments: ["message": $0])
            }
        default:
            return hint(for: error, itemID: itemID, in: step)
        }
    }

    /// What the widget of a format of this folder takes, for an answer it cannot take (out of range, off its
    /// step, not a number...); `nil` for the other formats.
    private static func hint(for error: ItemError, itemID: String, in step: Step) -> StepProblem? {
        guard let item = step.items.first(where: { $0.id == itemID }) else { return nil }
        let bounds = error.bounds
        let number = { (value: Double?) in value.map(AnswerText.number) ?? "…" }
        switch item.answerFormat {
        case .socioEconomicLadder:
            return StepProblem(itemID: itemID, key: "survey.error.ladder")
        case .continuousScale:
            return StepProblem(
                itemID: itemID, key: "survey.error.rangeDigits",
                arguments: [
                    "min": number(bounds?.minimum), "max": number(bounds?.maximum),
                    "digits": bounds?.fractionDigits.map(String.init) ?? "…",
                ])
        case .textScale, .textChoice:
            return StepProblem(itemID: itemID, key: "survey.error.choice")
        case .date:
            return StepProblem(itemID: itemID, key: "survey.error.date")
        case .dateTime:
            return StepProblem(itemID: itemID, key: "survey.error.dateTime")
        case .timeInterval:
            let seconds = { (value: Double?, unit: Int) in value.map { String(Int(saturating: $0) / unit) } ?? "…" }
            return StepProblem(
                itemID: itemID, key: "survey.error.interval",
                arguments: ["hours": seconds(bounds?.maximum, 3600), "step": seconds(bounds?.step, 60)])
        case .height:
            return StepProblem(itemID: itemID, key: "survey.error.height")
        case .weight:
            return StepProblem(itemID: itemID, key: "survey.error.weight")
        case .location:
            return StepProblem(itemID: itemID, key: "survey.error.location")
        case .scale, .numeric, .boolean, .text, .timeOfDay:
            return nil
        }
    }
}
