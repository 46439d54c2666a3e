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

    /// The participant-facing problem for an error of the survey engine, whose own text is English.
    static func from(_ error: ItemError, in step: Step) -> StepProblem {
        if let problem = FormatProblems.problem(for: error, in: step) { return problem }
        guard let itemID = error.itemID else {
            switch error.message {
            case "the signature is empty": return StepProblem(key: "survey.error.signatureEmpty")
            case "a printed name is required": return StepProblem(key: "survey.error.nameRequired")
            case "the printed name is longer than 200 characters": return StepProblem(key: "survey.error.nameTooLong")
            default:
                if error.message.hasPrefix("answer each permission") {
                    return StepProblem(key: "survey.error.permissions")
                }
                return StepProblem(key: "survey.error.invalidPage")
            }
        }
        if error.message == "an answer is required" { return StepProblem(itemID: itemID, key: "survey.error.required") }
        guard let item = step.items.first(where: { $0.id == itemID }) else {
            return StepProblem(itemID: itemID, key: "survey.error.invalid")
        }
        switch item.answerFormat {
        case .scale(let format):
            return StepProblem(
                itemID: itemID, key: "survey.error.range",
                arguments: ["min": String(format.minimum), "max": String(format.maximum)])
        case .numeric(let format):
            let low = format.minimum.map { String(Int($0)) } ?? "…"
            let high = format.maximum.map { String(Int($0)) } ?? "…"
            return StepProblem(itemID: itemID, key: "survey.error.range", arguments: ["min": low, "max": high])
        case .text(let format) where format.maximumLength > 0 && error.message.contains("longer"):
            return StepProblem(
                itemID: itemID, key: "survey.error.tooLong", arguments: ["max": String(format.maximumLength)])
        case .timeOfDay:
            return StepProblem(itemID: itemID, key: "survey.error.time")
        default:
            return StepProblem(itemID: itemID, key: "survey.error.invalid")
        }
    }
}

/// Every problem with a posted page.
struct PageProblems: Error, Hashable {
    var problems: [StepProblem]

    init(_ problems: [StepProblem]) { self.problems = problems }
}
