import Foundation
import Recover
import Research

/// `recover survey import-fhir` and `export-fhir`: FHIR R4 Questionnaires in and out (docs/fhir-questionnaire.md).
extension SurveyCommand {
    static let importFHIR = CommandSpec(
        name: "import-fhir",
        abstract: "Read a FHIR R4 Questionnaire and print the survey in the engine's JSON.",
        synopsis: "<questionnaire.json>",
        discussion: """
            The output is ready for a study file or `recover survey answer`. What cannot be mapped is printed, one
            problem a line with its linkId, and the command exits 65. See docs/fhir-questionnaire.md.
            """
    ) { arguments in
        try arguments.expectPositionals(atMost: 1)
        let path = try arguments.positional(0, "questionnaire.json")
        let survey: Survey
        do {
            survey = try FHIRQuestionnaire.survey(from: try read(path))
        } catch let error as FHIRQuestionnaireError {
            throw DataError("\(path):\n" + error.problems.map { "  \($0)" }.joined(separator: "\n"))
        }
        try Output.standard.write(String(decoding: SurveyJSON.encode(survey), as: UTF8.self) + "\n")
    }

    static let exportFHIR = CommandSpec(
        name: "export-fhir",
        abstract: "Print a survey of the study, or a survey JSON file, as a FHIR R4 Questionnaire.",
        synopsis: "<id | file.json> [--language <tag>]",
        discussion: """
            A survey of the shipped study gets the canonical URL <canonicalBase>/Questionnaire/<id> with its
            revision as the version; a file keeps its own canonical, if any. What FHIR cannot express (active
            steps, consent, custom labels...) is printed, one problem a line, and the command exits 65.
            """,
        options: [languageOption]
    ) { arguments in
        try arguments.expectPositionals(atMost: 1)
        let source = try arguments.positional(0, "id | file.json")
        let language = try language(arguments)
        let survey = try loadSurvey(source, language: language)
        var canonical = survey.canonical
        let study = RecoverStudy.shipped
        if let defined = study.studySurvey(source) {
            canonical = SurveyCanonical(
                url: "\(study.canonicalBase)/Questionnaire/\(defined.id)", version: String(defined.revision))
        }
        do {
            let questionnaire = try FHIRQuestionnaire.questionnaire(
                for: survey, language: language.tag, canonical: canonical)
            Output.standard.write(String(decoding: FHIRQuestionnaire.encode(questionnaire), as: UTF8.self) + "\n")
        } catch let error as FHIRQuestionnaireError {
            throw DataError(
                "\(source) cannot be expressed as a Questionnaire:\n"
                    + error.problems.map { "  \($0)" }.joined(separator: "\n"))
        }
    }
}
