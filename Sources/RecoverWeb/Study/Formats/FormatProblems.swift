import Foundation
import Research

/// Participant-facing problems for the formats and steps of this folder, from the engine's English errors.
enum FormatProblems {
    /// The problem for `error`, or `nil` to leave it to ``StepProblem/from(_:in:)``.
    static func problem(for error: ItemError, in step: Step) -> StepProblem? {
        guard let itemID = error.itemID else {
            guard case .bodyModel = step.kind else { return nil }
            if error.message.hasSuffix("is not a selectable part") || error.message.contains("does not allow") {
                return StepProblem(itemID: FormatFields.parts, key: "survey.error.unknownPart")
            }
            if error.message == "select at least one part" {
                return StepProblem(itemID: FormatFields.parts, key: "survey.error.selectPart")
            }
            return StepProblem(itemID: FormatFields.parts, key: "survey.error.invalid")
        }
        if error.message == "an answer is required" { return nil }
        guard let item = step.items.first(where: { $0.id == itemID }) else { return nil }
        let number = AnswerText.number
        switch item.answerFormat {
        case .socioEconomicLadder:
            return StepProblem(itemID: itemID, key: "survey.error.ladder")
        case .continuousScale(let format):
            return StepProblem(
                itemID: itemID, key: "survey.error.rangeDigits",
                arguments: [
                    "min": number(format.minimum), "max": number(format.maximum),
                    "digits": String(format.fractionDigits),
                ])
        case .textScale, .textChoice:
            return StepProblem(itemID: itemID, key: "survey.error.choice")
        case .numeric(let format) where format.style == .decimal:
            let low = format.minimum.map(number) ?? "…"
            let high = format.maximum.map(number) ?? "…"
            return StepProblem(itemID: itemID, key: "survey.error.range", arguments: ["min": low, "max": high])
        case .text(let format) where format.pattern != nil && !error.message.contains("longer"):
            return format.invalidMessage.map {
                StepProblem(itemID: itemID, key: "survey.error.pattern", arguments: ["message": $0])
            }
        case .date:
            return StepProblem(itemID: itemID, key: "survey.error.date")
        case .dateTime:
            return StepProblem(itemID: itemID, key: "survey.error.dateTime")
        case .timeInterval(let format):
            return StepProblem(
                itemID: itemID, key: "survey.error.interval",
                arguments: ["hours": String(Int(format.maximum) / 3600), "step": String(format.stepMinutes)])
        case .height:
            return StepProblem(itemID: itemID, key: "survey.error.height")
        case .weight:
            return StepProblem(itemID: itemID, key: "survey.error.weight")
        case .location:
            return StepProblem(itemID: itemID, key: "survey.error.location")
        default:
            return nil
        }
    }
}
