import Care
import Foundation
import Research

/// The outcome values of a survey that a study file added (no built-in mapping): the answers its `outcomes`
/// and scores its rules name, with their kinds and units; without rules for the survey, every answer with its item id
/// as kind and every score with a value, with its score id as kind.
///
/// ```swift
/// let values = try StudyFileOutcomeMapping(study: study).outcomeValues(from: result)
/// ```
public struct StudyFileOutcomeMapping: OutcomeMapping {
    /// The study whose rules apply.
    public let study: StudyDefinition

    /// A mapper over `study`'s rules.
    public init(study: StudyDefinition) { self.study = study }

    /// The outcome values of a completed result, with the survey's scores (computed by the engine over the survey
    /// of the study that the result answered).
    public func outcomeValues(from result: SurveyResult) throws(MappingError) -> [OutcomeValue] {
        let rules = study.outcomes.filter { $0.survey == result.surveyID }
        let scores = study.studySurvey(result.surveyID).map { Self.scores(of: result, in: $0) } ?? [:]
        var values: [OutcomeValue] = []
        if rules.isEmpty {
            for step in result.stepResults {
                for answer in step.answers {
                    if let content = Self.content(of: answer.answer) {
                        values.append(OutcomeValue(content, kind: answer.itemID))
                    }
                }
            }
            for (id, value) in scores.sorted(by: { $0.key < $1.key }) {
                values.append(OutcomeValue(.double(value), kind: id))
            }
        } else {
            for rule in rules {
                switch rule.source {
                case .answer(let step, let item):
                    if let answer = result.answer(step: step, item: item), let content = Self.content(of: answer) {
                        values.append(OutcomeValue(content, kind: rule.kind, unit: rule.unit))
                    }
                case .score(let id):
                    if let value = scores[id] {
                        values.append(OutcomeValue(.double(value), kind: rule.kind, unit: rule.unit))
                    }
                }
            }
        }
        // Every question left out (each may be): the run still happened, and its event is done.
        if values.isEmpty {
            values.append(OutcomeValue(.date(result.endDate), kind: Self.completedKind(result.surveyID)))
        }
        return values
    }

    /// The kind of the one value kept when a run answered nothing that is kept: `<survey>.completed`, its end.
    public static func completedKind(_ surveyID: String) -> String { "\(surveyID).completed" }

    /// The scores with a value, by score identifier; every language of a survey shares its scores.
    static func scores(of result: SurveyResult, in survey: StudySurvey) -> [String: Double] {
        guard let definition = survey.languages.sorted(by: { $0.key < $1.key }).first?.value else { return [:] }
        var values: [String: Double] = [:]
        for score in definition.scores(of: result) {
            if let value = score.value { values[score.scoreID] = value }
        }
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
