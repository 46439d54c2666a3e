import ExportFormats
import Foundation
import Recover
import RecoverData
import Research

/// The Questionnaire of every survey revision in the study's history, and which one a result was recorded under:
/// the canonical `<canonicalBase>/Questionnaire/<survey>|<revision>` its QuestionnaireResponse points at.
struct FHIRStudyQuestionnaires {
    /// One survey revision: its canonical and the survey in the study's default language.
    struct Revision {
        let surveyID: String
        let revision: Int
        let canonical: SurveyCanonical
        let survey: Survey
        let language: String
    }

    /// Every survey revision, in the order the versions introduced them.
    private(set) var revisions: [Revision] = []
    /// The versions' first days (empty for the first) with each survey's revision in force.
    private var versions: [(effectiveOn: String, revisions: [String: Int], base: String)] = []

    init(_ history: [(effectiveOn: String, study: StudyDefinition)]) {
        var seen: Set<String> = []
        for (effectiveOn, study) in history {
            let language = study.languages.first ?? "en"
            var inForce: [String: Int] = [:]
            for survey in study.surveys {
                inForce[survey.id] = survey.revision
                let canonical = SurveyCanonical(
                    url: "\(study.canonicalBase)/Questionnaire/\(survey.id)", version: String(survey.revision))
                // One per canonical: a version that moves the base has its Questionnaires under the new one too.
                guard seen.insert(canonical.reference).inserted,
                    let text = survey.survey(language: language, fallback: language)
                else { continue }
                revisions.append(
                    Revision(
                        surveyID: survey.id, revision: survey.revision, canonical: canonical, survey: text,
                        language: language))
            }
            versions.append((effectiveOn, inForce, study.canonicalBase))
        }
    }

    /// The canonical of the survey revision in force on `day` (`yyyy-MM-dd`): the newest version that applies by
    /// then and has the survey, else the oldest that has it.
    func canonical(surveyID: String, on day: String) -> String {
        let applying = versions.last { $0.effectiveOn <= day && $0.revisions[surveyID] != nil }
        let found = applying ?? versions.first { $0.revisions[surveyID] != nil }
        let base = found?.base ?? versions.last?.base ?? StudyDefinition.defaultCanonicalBase
        let url = "\(base)/Questionnaire/\(surveyID)"
        return found?.revisions[surveyID].map { "\(url)|\($0)" } ?? url
    }

    /// The bundle id of a revision's Questionnaire.
    static func id(_ revision: Revision) -> String {
        FHIRReference.id("Questionnaire", revision.canonical.reference)
    }

    /// The Questionnaire resource of a revision, with what FHIR cannot express written as near as it can be.
    static func resource(_ revision: Revision) -> JSONNode {
        let (questionnaire, _) = FHIRQuestionnaire.bestEffortQuestionnaire(
            for: revision.survey, language: revision.language, canonical: revision.canonical)
        guard case .object(var members) = questionnaire else { return node(questionnaire) }
        members["id"] = .string(id(revision))
        members["name"] = nil
        // The survey's identifier, as a computable name (FHIR's `name` starts with a capital letter).
        members["title"] = .string(revision.surveyID)
        return node(.object(members))
    }

    /// A JSON value in the bundle's key order: `resourceType` and `id` first, then by name.
    static func node(_ value: JSONValue) -> JSONNode {
        switch value {
        case .null: return .null
        case .bool(let flag): return .boolean(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(node))
        case .object(let members):
            let first = ["resourceType", "id"].filter { members[$0] != nil }
            let rest = members.keys.filter { !first.contains($0) }.sorted()
            return .object((first + rest).compactMap { key in members[key].map { (key, node($0)) } })
        }
    }
}
