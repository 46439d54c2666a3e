import Foundation
import Research
import Testing

@testable import Recover

/// The Recover surveys as FHIR Questionnaires, and study files whose surveys are written as Questionnaires.
@Suite struct FHIRStudySurveyTests {
    /// A weekly "Function" survey: a conditional question appears only after the triggering answer.
    static let function: JSONValue = .object([
        "resourceType": .string("Questionnaire"), "id": .string("function"), "status": .string("active"),
        "url": .string("http://recover.local/fhir/Questionnaire/function"), "version": .string("1"),
        "item": .array([
            .object([
                "linkId": .string("function.form"), "type": .string("group"), "text": .string("Function"),
                "required": .bool(true),
                "item": .array([
                    .object([
                        "linkId": .string("function.form.stairs"), "type": .string("boolean"),
                        "text": .string("Could you climb stairs this week?"), "required": .bool(true),
                    ]),
                    .object([
                        "linkId": .string("function.form.flights"), "type": .string("integer"),
                        "text": .string("How many flights?"), "required": .bool(true),
                        "enableWhen": .array([
                            .object([
                                "question": .string("function.form.stairs"), "operator": .string("="),
                                "answerBoolean": .bool(true),
                            ])
                        ]),
                    ]),
                ]),
            ])
        ]),
    ])

    func studyFile(withSurvey questionnaire: JSONValue) throws -> Data {
        var file = try #require(JSONValue.parse(RecoverStudy.shippedFile)?.objectValue)
        var surveys = try #require(file["surveys"]?.arrayValue)
        surveys.append(
            .object([
                "id": .string("function"), "revision": .number(1), "fhir": .object(["en": questionnaire]),
            ]))
        file["surveys"] = .array(surveys)
        var tasks = try #require(file["tasks"]?.arrayValue)
        tasks.append(
            .object([
                "id": .string("function"), "survey": .string("function"),
                "title": .object(["en": .string("Function")]),
                "schedule": .array([
                    .object(["anchor": .string("added"), "every": .object(["weeks": .number(1)])])
                ]),
            ]))
        file["tasks"] = .array(tasks)
        return try JSONEncoder().encode(JSONValue.object(file))
    }

    @Test func theCheckinExportsAndReimportsToAnEqualSurvey() throws {
        for language in [StudyLanguage.english, .simplifiedChinese] {
            let checkin = RecoverSurveys.checkin(language: language)
            let questionnaire = try FHIRQuestionnaire.questionnaire(for: checkin, language: language.tag)
            #expect(try FHIRQuestionnaire.survey(from: FHIRQuestionnaire.encode(questionnaire)) == checkin)
        }
    }

    @Test func everyExpressibleRecoverSurveyRoundTrips() throws {
        var expressible: [String] = []
        for id in RecoverSurveys.ids {
            for language in [StudyLanguage.english, .simplifiedChinese] {
                let survey = try #require(RecoverSurveys.survey(id, language: language))
                guard let questionnaire = try? FHIRQuestionnaire.questionnaire(for: survey) else { continue }
                #expect(try FHIRQuestionnaire.survey(from: questionnaire) == survey, "\(id) \(language.tag)")
                expressible.append(id)
            }
        }
        #expect(expressible.contains("checkin"))
    }

    @Test func aStudyFileWithAFHIRSurveyLintsAndReads() throws {
        let study = try StudyFile.read(
            try studyFile(withSurvey: Self.function), importQuestionnaire: RecoverStudy.questionnaireImporter)
        #expect(study.studySurvey("function")?.source == .fhir)
        let survey = try #require(study.survey(for: "function", language: "zh-Hans"))
        #expect(
            survey.canonical == SurveyCanonical(url: "http://recover.local/fhir/Questionnaire/function", version: "1"))
        let flights = try #require(survey.steps.first?.items.last)
        #expect(
            flights.visibleWhen
                == .equals(step: "function.form", item: "function.form.stairs", answer: .boolean(true)))
        #expect(flights.visibleWhen?.evaluate { _, _ in .boolean(true) } == true)
        #expect(flights.visibleWhen?.evaluate { _, _ in .boolean(false) } == false)
        // The shipped study reads it with the build's importer.
        #expect(RecoverStudy.questionnaireImporter != nil)
    }

    @Test func aStudyFileWithAnUnmappableQuestionnaireNamesEveryProblem() throws {
        guard case .object(var questionnaire) = Self.function else { return }
        questionnaire["item"] = .array([
            .object([
                "linkId": .string("photo"), "type": .string("attachment"), "text": .string("A photo"),
                "enableWhen": .array([
                    .object([
                        "question": .string("missing"), "operator": .string("exists"), "answerBoolean": .bool(true),
                    ])
                ]),
            ])
        ])
        let data = try studyFile(withSurvey: .object(questionnaire))
        let index = RecoverStudy.shipped.surveys.count
        do {
            _ = try StudyFile.read(data, importQuestionnaire: RecoverStudy.questionnaireImporter)
            Issue.record("the file should be refused")
        } catch {
            #expect(
                error.problems.map(\.description) == [
                    "surveys[\(index)].fhir.en: item[0] 'photo' enableWhen[0]: refers to 'missing', which is not a question of this Questionnaire",
                    "surveys[\(index)].fhir.en: item[0] 'photo': unsupported item type 'attachment'",
                ])
        }
    }
}
