import Foundation

/// FHIR R4 Questionnaire resources in and out of the engine (docs/fhir-questionnaire.md).
///
/// A top-level group becomes a form step (a nested group, a section of it), a top-level question a question step,
/// a top-level display item or a group without questions an instruction step; `enableWhen` with `enableBehavior`
/// becomes an item's `visibleWhen` (or a step's skip rule). What cannot be mapped is reported by location, never
/// dropped.
///
/// ```swift
/// let survey = try FHIRQuestionnaire.survey(from: data)
/// let questionnaire = try FHIRQuestionnaire.questionnaire(for: survey)
/// let text = FHIRQuestionnaire.encode(questionnaire)
/// ```
public enum FHIRQuestionnaire {
    /// The engine survey a Questionnaire's JSON describes, checked as `Survey.validate()` checks it.
    public static func survey(from data: Data) throws(FHIRQuestionnaireError) -> Survey {
        guard let resource = JSONValue.parse(data) else {
            throw FHIRQuestionnaireError(problems: [FHIRQuestionnaireProblem("", "not JSON")])
        }
        return try survey(from: resource)
    }

    /// The engine survey a Questionnaire resource describes; throws every problem when any part cannot be mapped.
    public static func survey(from resource: JSONValue) throws(FHIRQuestionnaireError) -> Survey {
        var reader = QuestionnaireReader()
        let survey = reader.survey(resource)
        guard reader.problems.isEmpty, let survey else { throw FHIRQuestionnaireError(problems: reader.problems) }
        let found = survey.validate().map { FHIRQuestionnaireProblem(location(of: $0), $0.message) }
        if !found.isEmpty { throw FHIRQuestionnaireError(problems: found) }
        return survey
    }

    /// The Questionnaire for `survey`; throws every part that FHIR cannot express.
    ///
    /// `language` is written as the Questionnaire's `language`; `canonical` replaces the survey's own canonical.
    public static func questionnaire(
        for survey: Survey, language: String? = nil, canonical: SurveyCanonical? = nil
    ) throws(FHIRQuestionnaireError) -> JSONValue {
        let (questionnaire, problems) = bestEffortQuestionnaire(for: survey, language: language, canonical: canonical)
        if !problems.isEmpty { throw FHIRQuestionnaireError(problems: problems) }
        return questionnaire
    }

    /// The Questionnaire for `survey` with what FHIR cannot express written as near as it can be (an active step
    /// as a display item, a ladder as an integer), and the problems a strict export would report. For the data
    /// export, whose QuestionnaireResponses need a Questionnaire for every survey.
    public static func bestEffortQuestionnaire(
        for survey: Survey, language: String? = nil, canonical: SurveyCanonical? = nil
    ) -> (questionnaire: JSONValue, problems: [FHIRQuestionnaireProblem]) {
        var writer = QuestionnaireWriter(survey: survey)
        let questionnaire = writer.questionnaire(language: language, canonical: canonical ?? survey.canonical)
        return (questionnaire, writer.problems)
    }

    /// The resource as pretty-printed JSON with sorted keys.
    public static func encode(_ resource: JSONValue) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(resource)) ?? Data()
    }

    private static func location(of problem: SurveyProblem) -> String {
        var place: [String] = []
        if let stepID = problem.stepID { place.append("linkId '\(stepID)'") }
        if let itemID = problem.itemID { place.append("linkId '\(itemID)'") }
        return place.joined(separator: ", ")
    }
}
