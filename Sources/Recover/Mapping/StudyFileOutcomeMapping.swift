import Care
import Foundation
import Research

/// The outcome values of a survey that a study file added (no built-in mapping): the answers its `outcomes`
/// rules name, with their kinds and units; without rules for the survey, every answer, with its item id as kind.
///
/// ```swift
/// let values = try StudyFileOutcomeMapping(study: study).outcomeValues(from: result)
/// ```
public struct StudyFileOutcomeMapping: OutcomeMapping {
    /// The study whose rules apply.
    public let study: StudyDefinition

    /// A mapper over `study`'s rules.
    public init(study: StudyDefinition) { self.study = study }

    /// The outcome values of a completed result.
    public func outcomeValues(from result: SurveyResult) throws(MappingError) -> [OutcomeValue] {
        let rules = study.outcomes.filter { $0.survey == result.surveyID }
        var values: [OutcomeValue] = []
        if rules.isEmpty {
            for step in result.stepResults {
                for answer in step.answers {
                    if let content = Self.content(of: answer.answer) {
                        values.append(OutcomeValue(content, kind: answer.itemID))
                    }
                }
            }
        } else {
            for rule in rules {
                if let answer = result.answer(step: rule.step, item: rule.item), let content = Self.content(of: answer)
                {
                    values.append(OutcomeValue(content, kind: rule.kind, unit: rule.unit))
                }
            }
        }
        guard !values.isEmpty else { throw MappingError("the result of '\(result.surveyID)' has no answers to keep") }
        return values
    }

    /// An answer as an outcome value's content; nil for answers that are not kept as values (skipped, "don't know",
    /// places).
    static func content(of answer: Answer) -> OutcomeValue.Content? {
        switch answer {
        case .integer(let value): .integer(value)
        case .decimal(let value): .double(value)
        case .interval(let value): .double(value)
        case .text(let text): .text(text)
        case .boolean(let flag): .boolean(flag)
        case .choices(let values, let other): .text((values + (other.map { [$0] } ?? [])).joined(separator: ","))
        case .date(let day): .text(day.description)
        case .dateTime(let instant): .date(instant)
        case .timeOfDay(let time): .text(time.description)
        case .location, .dontKnow, .skipped: nil
        }
    }
}
