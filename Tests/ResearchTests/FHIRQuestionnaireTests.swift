import Foundation
import Testing

@testable import Research

/// FHIR R4 Questionnaire import and export: every item type, every operator, enableBehavior, the problems of what
/// cannot be mapped, and the round trip.
@Suite struct FHIRQuestionnaireTests {
    static func json(_ text: String) -> Data { Data(text.utf8) }

    static func importing(_ items: String, extra: String = "") throws(FHIRQuestionnaireError) -> Survey {
        try FHIRQuestionnaire.survey(
            from: json(#"{"resourceType": "Questionnaire", "id": "q", "status": "active"\#(extra), "item": \#(items)}"#)
        )
    }

    static func problems(_ items: String, extra: String = "") -> [String] {
        do {
            _ = try importing(items, extra: extra)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    /// A survey using every mapped format, sections, details, conditions of every kind and a skip rule.
    static let everything = Survey(
        id: "everything",
        steps: [
            Step(
                id: "intro", title: "Welcome", text: "A few questions.", detail: "Takes a minute.",
                kind: .instruction(Instruction())),
            Step(
                id: "body", title: "Your knee", text: "About today.", detail: "Answer what you can.",
                kind: .form([
                    FormItem(
                        id: "pain", text: "Pain now?", detail: "0 is none.",
                        answerFormat: .scale(
                            ScaleFormat(
                                minimum: 0, maximum: 10, step: 2, defaultValue: 4, minimumDescription: "None",
                                maximumDescription: "Worst"))),
                    FormItem(
                        id: "swelling", text: "Swelling?",
                        answerFormat: .continuousScale(
                            ContinuousScaleFormat(minimum: 0, maximum: 1, fractionDigits: 2, defaultValue: 0.5)),
                        isOptional: true, section: "Swelling",
                        visibleWhen: .all([
                            .answered(step: "body", item: "pain"),
                            .not(.atMost(step: "body", item: "pain", value: 3)),
                        ])),
                    FormItem(
                        id: "swollenSince", text: "Since when?",
                        answerFormat: .date(
                            DateFormat(minimum: CalendarDate("2026-01-01"), maximum: CalendarDate("2026-12-31"))),
                        isOptional: true, section: "Swelling",
                        visibleWhen: .any([
                            .atLeast(step: "body", item: "pain", value: 6),
                            .all([
                                .atLeast(step: "body", item: "swelling", value: 0.5),
                                .atMost(step: "body", item: "swelling", value: 0.5),
                            ]),
                        ])),
                    FormItem(id: "walked", text: "Did you walk?", answerFormat: .boolean(BooleanFormat())),
                    FormItem(
                        id: "steps", text: "How many steps?",
                        answerFormat: .numeric(
                            NumericFormat(
                                style: .integer, unit: "steps", minimum: 0, maximum: 100_000, placeholder: "e.g. 3000")),
                        isOptional: true, visibleWhen: .equals(step: "body", item: "walked", answer: .boolean(true))),
                    FormItem(
                        id: "distance", text: "How far?",
                        answerFormat: .numeric(NumericFormat(style: .decimal, unit: "km", minimum: 0, maximum: 50)),
                        isOptional: true,
                        visibleWhen: .all([
                            .answered(step: "body", item: "steps"),
                            .not(.atLeast(step: "body", item: "steps", value: 100)),
                        ])),
                    FormItem(
                        id: "temperature", text: "Temperature?",
                        answerFormat: .numeric(NumericFormat(style: .decimal, minimum: 35, maximum: 42.5)),
                        isOptional: true,
                        visibleWhen: .not(
                            .all([
                                .atLeast(step: "body", item: "distance", value: 1.5),
                                .atMost(step: "body", item: "distance", value: 1.5),
                            ]))),
                ])),
            Step(
                id: "more", title: "More", isOptional: true,
                kind: .form([
                    FormItem(
                        id: "aids", text: "Walking aids?",
                        answerFormat: .textChoice(
                            TextChoiceFormat(
                                style: .multiple,
                                choices: [
                                    Choice(text: "Crutches", value: "crutches"), Choice(text: "Cane", value: "Cane"),
                                    Choice(text: "None", value: "none", isExclusive: true),
                                ])),
                        visibleWhen: .not(.answered(step: "body", item: "walked"))),
                    FormItem(
                        id: "mood", text: "Mood?",
                        answerFormat: .textChoice(
                            TextChoiceFormat(
                                style: .single,
                                choices: [Choice(text: "Good", value: "good"), Choice(text: "Bad", value: "bad")],
                                other: .init(text: "Other", value: "other", placeholder: "Say more"))),
                        visibleWhen: .not(.includesChoice(step: "more", item: "aids", value: "none"))),
                    FormItem(
                        id: "note", text: "Note",
                        answerFormat: .text(TextFormat(maximumLength: 200, multipleLines: true)),
                        isOptional: true, visibleWhen: .includesChoice(step: "more", item: "aids", value: "Cane")),
                    FormItem(
                        id: "word", text: "One word", answerFormat: .text(TextFormat(placeholder: "word")),
                        isOptional: true,
                        visibleWhen: .not(.equals(step: "more", item: "note", answer: .text("none")))),
                    FormItem(
                        id: "when", text: "When?",
                        answerFormat: .dateTime(
                            DateTimeFormat(
                                minimum: Date(timeIntervalSince1970: 1_767_225_600),
                                maximum: Date(timeIntervalSince1970: 1_798_761_600))),
                        isOptional: true,
                        visibleWhen: .equals(
                            step: "body", item: "swollenSince", answer: .date(CalendarDate("2026-03-01")!))),
                    FormItem(
                        id: "bedtime", text: "Bedtime?",
                        answerFormat: .timeOfDay(TimeOfDayFormat(defaultValue: TimeOfDay(hour: 22, minute: 30))),
                        isOptional: true,
                        visibleWhen: .equals(
                            step: "more", item: "when", answer: .dateTime(Date(timeIntervalSince1970: 1_777_000_000)))),
                    FormItem(
                        id: "woke", text: "Woke?", answerFormat: .timeOfDay(TimeOfDayFormat()), isOptional: true,
                        visibleWhen: .all([
                            .equals(step: "more", item: "bedtime", answer: .timeOfDay(TimeOfDay(hour: 23, minute: 0)!))
                        ])),
                ])),
            Step(
                id: "extra",
                kind: .question(
                    FormItem(id: "extra", text: "Anything else?", answerFormat: .text(TextFormat()), isOptional: true))),
        ],
        skipRules: ["extra": .not(.equals(step: "body", item: "walked", answer: .boolean(false)))],
        canonical: SurveyCanonical(url: "http://example.org/fhir/Questionnaire/everything", version: "3")
    )

    @Test func everyMappedFeatureRoundTripsToAnEqualSurvey() throws {
        #expect(Self.everything.validate().isEmpty)
        let questionnaire = try FHIRQuestionnaire.questionnaire(for: Self.everything)
        let again = try FHIRQuestionnaire.survey(from: FHIRQuestionnaire.encode(questionnaire))
        #expect(again == Self.everything)
    }

    @Test func exportWritesStandardElements() throws {
        let questionnaire = try FHIRQuestionnaire.questionnaire(for: Self.everything, language: "en")
        #expect(questionnaire["resourceType"] == .string("Questionnaire"))
        #expect(questionnaire["url"] == .string("http://example.org/fhir/Questionnaire/everything"))
        #expect(questionnaire["version"] == .string("3"))
        #expect(questionnaire["language"] == .string("en"))
        let items = try #require(questionnaire["item"]?.arrayValue)
        #expect(items.map { $0["type"]?.stringValue } == ["group", "group", "group", "string"])
        let body = try #require(items[1]["item"]?.arrayValue)
        // The step's text, its detail, the pain slider, the section, then the other questions.
        #expect(
            body.map { $0["type"]?.stringValue } == [
                "display", "display", "integer", "group", "boolean", "integer", "quantity", "decimal",
            ])
        #expect(body[3]["text"] == .string("Swelling"))
        #expect(body[3]["item"]?.arrayValue?.count == 2)
        let swelling = try #require(body[3]["item"]?.arrayValue?.first)
        #expect(swelling["enableBehavior"] == nil)
        #expect(swelling["enableWhen"]?.arrayValue?.first?["operator"] == .string(">"))
        #expect(items[3]["enableWhen"]?.arrayValue?.first?["operator"] == .string("="))
        #expect(items[2]["required"] == nil)
        #expect(items[1]["required"] == .bool(true))
    }

    @Test func everyItemTypeImports() throws {
        let survey = try Self.importing(
            #"""
            [{"linkId": "g", "type": "group", "text": "Page", "required": true, "item": [
              {"linkId": "b", "type": "boolean", "text": "B", "required": true},
              {"linkId": "d", "type": "decimal", "text": "D", "extension": [
                {"url": "http://hl7.org/fhir/StructureDefinition/minValue", "valueDecimal": 1.5}]},
              {"linkId": "i", "type": "integer", "text": "I", "extension": [
                {"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unit", "valueCoding": {"system": "http://unitsofmeasure.org", "code": "/min"}}]},
              {"linkId": "da", "type": "date", "text": "Da"},
              {"linkId": "dt", "type": "dateTime", "text": "Dt"},
              {"linkId": "t", "type": "time", "text": "T", "initial": [{"valueTime": "07:15:00"}]},
              {"linkId": "s", "type": "string", "text": "S", "maxLength": 20, "prefix": "1."},
              {"linkId": "x", "type": "text", "text": "X"},
              {"linkId": "c", "type": "choice", "text": "C", "answerOption": [
                {"valueCoding": {"system": "http://loinc.org", "code": "LA33-6", "display": "Yes"}},
                {"valueString": "maybe"}, {"valueInteger": 3}]},
              {"linkId": "o", "type": "open-choice", "text": "O", "repeats": true, "answerOption": [{"valueString": "a"}]},
              {"linkId": "q", "type": "quantity", "text": "Q", "extension": [
                {"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption", "valueCoding": {"code": "kg", "display": "kg"}}]}
            ]}]
            """#, extra: #", "language": "zh-Hans""#)
        let step = try #require(survey.steps.first)
        #expect(step.title == "Page")
        #expect(step.isOptional == false)
        let formats = step.items.map(\.answerFormat)
        #expect(formats[0] == .boolean(BooleanFormat()))
        #expect(formats[1] == .numeric(NumericFormat(style: .decimal, minimum: 1.5)))
        #expect(formats[2] == .numeric(NumericFormat(style: .integer, unit: "/min")))
        #expect(formats[3] == .date(DateFormat()))
        #expect(formats[4] == .dateTime(DateTimeFormat()))
        #expect(formats[5] == .timeOfDay(TimeOfDayFormat(defaultValue: TimeOfDay(hour: 7, minute: 15))))
        #expect(formats[6] == .text(TextFormat(maximumLength: 20)))
        #expect(step.items[6].text == "1. S")
        #expect(formats[7] == .text(TextFormat(multipleLines: true)))
        #expect(
            formats[8]
                == .textChoice(
                    TextChoiceFormat(
                        style: .single,
                        choices: [
                            Choice(text: "Yes", value: "LA33-6"), Choice(text: "maybe", value: "maybe"),
                            Choice(text: "3", value: "3"),
                        ])))
        #expect(
            formats[9]
                == .textChoice(
                    TextChoiceFormat(
                        style: .multiple, choices: [Choice(text: "a", value: "a")],
                        other: .init(text: "其他", value: "other"))))
        #expect(formats[10] == .numeric(NumericFormat(style: .decimal, unit: "kg")))
        #expect(step.items.map(\.isOptional) == [false] + Array(repeating: true, count: 10))
    }

    @Test func topLevelQuestionsAndDisplaysBecomeSteps() throws {
        let survey = try Self.importing(
            #"""
            [{"linkId": "hello", "type": "display", "text": "Hello", "item": [
               {"linkId": "hello.more", "type": "display", "text": "More", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl", "valueCodeableConcept": {"coding": [{"system": "http://hl7.org/fhir/questionnaire-item-control", "code": "inline"}]}}]}]},
             {"linkId": "age", "type": "integer", "text": "Age?", "required": true},
             {"linkId": "why", "type": "string", "text": "Why?", "enableWhen": [{"question": "age", "operator": "<", "answerInteger": 18}]}]
            """#)
        #expect(survey.steps.map(\.id) == ["hello", "age", "why"])
        #expect(survey.steps[0] == Step(id: "hello", text: "Hello", detail: "More", kind: .instruction(Instruction())))
        #expect(
            survey.steps[1].kind
                == .question(FormItem(id: "age", text: "Age?", answerFormat: .numeric(NumericFormat(style: .integer)))))
        #expect(
            survey.skipRules["why"]
                == .not(
                    .all([.answered(step: "age", item: "age"), .not(.atLeast(step: "age", item: "age", value: 18))])))
    }

    /// Every operator with every answer type the engine can compare, on the question type it fits.
    @Test func everyOperatorMapsToAPredicate() throws {
        let questions = #"""
            {"linkId": "b", "type": "boolean", "text": "B"},
            {"linkId": "d", "type": "decimal", "text": "D"},
            {"linkId": "i", "type": "integer", "text": "I"},
            {"linkId": "da", "type": "date", "text": "Da"},
            {"linkId": "dt", "type": "dateTime", "text": "Dt"},
            {"linkId": "t", "type": "time", "text": "T"},
            {"linkId": "s", "type": "string", "text": "S"},
            {"linkId": "c", "type": "choice", "text": "C", "answerOption": [{"valueCoding": {"code": "y", "display": "Yes"}}, {"valueString": "n"}, {"valueInteger": 2}]},
            {"linkId": "q", "type": "quantity", "text": "Q", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption", "valueCoding": {"code": "kg"}}]}
            """#
        let cases: [(String, ResultPredicate)] = [
            (#""question": "b", "operator": "exists", "answerBoolean": true"#, .answered(step: "g", item: "b")),
            (#""question": "b", "operator": "exists", "answerBoolean": false"#, .not(.answered(step: "g", item: "b"))),
            (
                #""question": "b", "operator": "=", "answerBoolean": true"#,
                .equals(step: "g", item: "b", answer: .boolean(true))
            ),
            (
                #""question": "b", "operator": "!=", "answerBoolean": false"#,
                .not(.equals(step: "g", item: "b", answer: .boolean(false)))
            ),
            (
                #""question": "i", "operator": "=", "answerInteger": 4"#,
                .equals(step: "g", item: "i", answer: .integer(4))
            ),
            (
                #""question": "i", "operator": ">", "answerInteger": 4"#,
                .all([.answered(step: "g", item: "i"), .not(.atMost(step: "g", item: "i", value: 4))])
            ),
            (
                #""question": "i", "operator": "<", "answerInteger": 4"#,
                .all([.answered(step: "g", item: "i"), .not(.atLeast(step: "g", item: "i", value: 4))])
            ),
            (#""question": "i", "operator": ">=", "answerInteger": 4"#, .atLeast(step: "g", item: "i", value: 4)),
            (#""question": "i", "operator": "<=", "answerInteger": 4"#, .atMost(step: "g", item: "i", value: 4)),
            (
                #""question": "d", "operator": "=", "answerDecimal": 1.5"#,
                .all([.atLeast(step: "g", item: "d", value: 1.5), .atMost(step: "g", item: "d", value: 1.5)])
            ),
            (
                #""question": "d", "operator": "!=", "answerInteger": 2"#,
                .not(.all([.atLeast(step: "g", item: "d", value: 2), .atMost(step: "g", item: "d", value: 2)]))
            ),
            (#""question": "d", "operator": ">=", "answerDecimal": 0.5"#, .atLeast(step: "g", item: "d", value: 0.5)),
            (
                #""question": "da", "operator": "=", "answerDate": "2026-05-04""#,
                .equals(step: "g", item: "da", answer: .date(CalendarDate("2026-05-04")!))
            ),
            (
                #""question": "dt", "operator": "!=", "answerDateTime": "2026-05-04T08:30:00+02:00""#,
                .not(.equals(step: "g", item: "dt", answer: .dateTime(SurveyJSON.parseDate("2026-05-04T06:30:00Z")!)))
            ),
            (
                #""question": "t", "operator": "=", "answerTime": "08:30:00""#,
                .equals(step: "g", item: "t", answer: .timeOfDay(TimeOfDay(hour: 8, minute: 30)!))
            ),
            (
                #""question": "s", "operator": "=", "answerString": "knee""#,
                .equals(step: "g", item: "s", answer: .text("knee"))
            ),
            (
                #""question": "c", "operator": "=", "answerCoding": {"system": "urn:x", "code": "y"}"#,
                .includesChoice(step: "g", item: "c", value: "y")
            ),
            (
                #""question": "c", "operator": "!=", "answerString": "n""#,
                .not(.includesChoice(step: "g", item: "c", value: "n"))
            ),
            (
                #""question": "c", "operator": "=", "answerInteger": 2"#,
                .includesChoice(step: "g", item: "c", value: "2")
            ),
            (
                #""question": "q", "operator": "<=", "answerQuantity": {"value": 80, "code": "kg"}"#,
                .atMost(step: "g", item: "q", value: 80)
            ),
            (
                #""question": "q", "operator": "=", "answerQuantity": {"value": 80}"#,
                .all([.atLeast(step: "g", item: "q", value: 80), .atMost(step: "g", item: "q", value: 80)])
            ),
        ]
        for (condition, expected) in cases {
            let survey = try Self.importing(
                #"[{"linkId": "g", "type": "group", "item": [\#(questions), {"linkId": "z", "type": "string", "text": "Z", "enableWhen": [{\#(condition)}]}]}]"#
            )
            #expect(survey.steps[0].items.last?.visibleWhen == expected, "\(condition)")
            // And back: the exported condition reads as the same predicate.
            let again = try FHIRQuestionnaire.survey(from: FHIRQuestionnaire.questionnaire(for: survey))
            #expect(again == survey, "\(condition)")
        }
    }

    @Test func enableBehaviorJoinsConditions() throws {
        let items = #"""
            [{"linkId": "g", "type": "group", "item": [
              {"linkId": "a", "type": "boolean", "text": "A"}, {"linkId": "b", "type": "boolean", "text": "B"},
              {"linkId": "any", "type": "string", "text": "Any", "enableBehavior": "any", "enableWhen": [
                {"question": "a", "operator": "=", "answerBoolean": true}, {"question": "b", "operator": "exists", "answerBoolean": true}]},
              {"linkId": "all", "type": "string", "text": "All", "enableBehavior": "all", "enableWhen": [
                {"question": "a", "operator": "=", "answerBoolean": true}]},
              {"linkId": "sec", "type": "group", "text": "Section", "enableWhen": [{"question": "a", "operator": "exists", "answerBoolean": true}], "item": [
                {"linkId": "in", "type": "string", "text": "In", "enableWhen": [{"question": "b", "operator": "exists", "answerBoolean": false}]}]}
            ]}]
            """#
        let items2 = try Self.importing(items).steps[0].items
        let a = ResultPredicate.equals(step: "g", item: "a", answer: .boolean(true))
        #expect(items2[2].visibleWhen == .any([a, .answered(step: "g", item: "b")]))
        #expect(items2[3].visibleWhen == .all([a]))
        #expect(items2[4].section == "Section")
        #expect(
            items2[4].visibleWhen == .all([.answered(step: "g", item: "a"), .not(.answered(step: "g", item: "b"))]))
        // The survey runs the rules: "any" shows with either answer.
        let answers: [String: Answer] = ["b": .boolean(false)]
        #expect(items2[2].visibleWhen?.evaluate { _, item in answers[item] } == true)
        #expect(items2[3].visibleWhen?.evaluate { _, item in answers[item] } == false)
    }

    @Test func everyProblemIsNamedWithItsLinkId() {
        let found = Self.problems(
            #"""
            [{"linkId": "g", "type": "group", "item": [
              {"linkId": "photo", "type": "attachment", "text": "Photo"},
              {"linkId": "doc", "type": "reference", "text": "Doc"},
              {"linkId": "site", "type": "url", "text": "Site"},
              {"linkId": "h", "type": "string", "text": "H", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-hidden", "valueBoolean": true}]},
              {"linkId": "m", "type": "string", "text": "M", "modifierExtension": [{"url": "urn:x", "valueBoolean": true}]},
              {"linkId": "w", "type": "string", "text": "W", "enableWhen": [{"question": "nowhere", "operator": "exists", "answerBoolean": true}]},
              {"linkId": "v", "type": "string", "text": "V", "enableWhen": [{"question": "g", "operator": "exists", "answerBoolean": true}]},
              {"linkId": "r", "type": "date", "text": "R", "enableWhen": [{"question": "when", "operator": ">", "answerDate": "2026-01-01"}]},
              {"linkId": "when", "type": "date", "text": "When"},
              {"linkId": "vs", "type": "choice", "text": "VS", "answerValueSet": "http://example.org/vs"},
              {"linkId": "rep", "type": "string", "text": "Rep", "repeats": true},
              {"linkId": "two", "type": "string", "text": "Two", "enableWhen": [
                {"question": "when", "operator": "exists", "answerBoolean": true}, {"question": "when", "operator": "exists", "answerBoolean": true}]},
              {"linkId": "op", "type": "string", "text": "Op", "enableWhen": [{"question": "when", "operator": "~", "answerBoolean": true}]},
              {"linkId": "when", "type": "date", "text": "Again"}
            ]}]
            """#)
        func has(_ place: String, _ words: String) -> Bool {
            found.contains { $0.hasPrefix(place) && $0.contains(words) }
        }
        #expect(has("item[0].item[0] 'photo'", "unsupported item type 'attachment'"), "\(found)")
        #expect(has("item[0].item[1] 'doc'", "unsupported item type 'reference'"))
        #expect(has("item[0].item[2] 'site'", "unsupported item type 'url'"))
        #expect(
            has(
                "item[0].item[3] 'h'",
                "unsupported extension 'http://hl7.org/fhir/StructureDefinition/questionnaire-hidden'"))
        #expect(has("item[0].item[4] 'm'", "modifier extensions"))
        #expect(has("item[0].item[5] 'w' enableWhen[0]", "'nowhere', which is not a question"))
        #expect(has("item[0].item[6] 'v' enableWhen[0]", "a group item, not a question"))
        #expect(has("item[0].item[7] 'r' enableWhen[0]", "orders numbers only"))
        #expect(has("item[0].item[9] 'vs'", "answerValueSet cannot be mapped"))
        #expect(has("item[0].item[10] 'rep'", "repeating answers"))
        #expect(has("item[0].item[11] 'two'", "need enableBehavior"))
        #expect(has("item[0].item[12] 'op' enableWhen[0]", "operator must be one of"))
        #expect(has("item[0].item[13] 'when'", "linkId is used more than once"))
        #expect(has("item[0].item[9] 'vs'", "needs answerOption"))
        #expect(found.count == 14, "\(found.joined(separator: "\n"))")
    }

    @Test func badDocumentsAreRefusedWithTheirProblems() {
        #expect(throws: FHIRQuestionnaireError.self) { try FHIRQuestionnaire.survey(from: Self.json("not json")) }
        do {
            _ = try FHIRQuestionnaire.survey(from: Self.json(#"{"resourceType": "Patient", "item": []}"#))
            Issue.record("a Patient is not a Questionnaire")
        } catch {
            #expect(
                error.problems.map(\.description) == [
                    "resourceType: expected \"Questionnaire\"",
                    "id: the Questionnaire needs an id (it becomes the survey's identifier)",
                    "item: the Questionnaire has no items",
                ])
        }
        // The engine's own rules run on what was mapped: a slider of 0 to 1000 has too many steps.
        let tooFine = Self.problems(
            #"[{"linkId": "s", "type": "integer", "text": "S", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl", "valueCodeableConcept": {"coding": [{"code": "slider"}]}}, {"url": "http://hl7.org/fhir/StructureDefinition/minValue", "valueInteger": 0}, {"url": "http://hl7.org/fhir/StructureDefinition/maxValue", "valueInteger": 1000}]}]"#
        )
        #expect(tooFine.count == 1 && tooFine[0].hasPrefix("linkId 's', linkId 's': scale has"), "\(tooFine)")
    }

    @Test func whatFHIRCannotExpressIsReportedOnExport() {
        let survey = Survey(
            id: "odd",
            steps: [
                Step(id: "sign", kind: .completion),
                Step(
                    id: "f",
                    kind: .form([
                        FormItem(id: "ladder", text: "Where?", answerFormat: .socioEconomicLadder(LadderFormat())),
                        FormItem(
                            id: "p", text: "Pain",
                            answerFormat: .scale(ScaleFormat(minimum: 0, maximum: 10, vertical: true)),
                            visibleWhen: .isDontKnow(step: "f", item: "ladder")),
                    ])),
            ],
            navigationRules: ["sign": [NavigationRule(goTo: .end)]])
        do {
            _ = try FHIRQuestionnaire.questionnaire(for: survey)
            Issue.record("expected problems")
        } catch {
            #expect(
                error.problems.map(\.description) == [
                    "navigation rules cannot be expressed (a Questionnaire has no jumps between pages)",
                    "step 'sign': a completion step cannot be expressed in a Questionnaire",
                    "step 'f', item 'ladder': a socio-economic ladder cannot be expressed",
                    "step 'f', item 'p': a vertical slider cannot be expressed",
                    "step 'f', item 'p': the condition on 'ladder' cannot be expressed as enableWhen",
                ])
        }
        // The best effort still gives a Questionnaire, for the data export.
        let (questionnaire, problems) = FHIRQuestionnaire.bestEffortQuestionnaire(for: survey)
        #expect(problems.count == 5)
        #expect(questionnaire["item"]?.arrayValue?.count == 2)
    }

    @Test func canonicalIsKeptAndNeedsAURL() throws {
        let survey = try Self.importing(
            #"[{"linkId": "a", "type": "boolean", "text": "A"}]"#,
            extra: #", "url": "http://example.org/Questionnaire/a", "version": "1.2""#)
        #expect(survey.canonical == SurveyCanonical(url: "http://example.org/Questionnaire/a", version: "1.2"))
        #expect(survey.canonical?.reference == "http://example.org/Questionnaire/a|1.2")
        let data = try SurveyJSON.encode(survey)
        #expect(try SurveyJSON.decodeSurvey(data) == survey)
        #expect(
            Self.problems(#"[{"linkId": "a", "type": "boolean", "text": "A"}]"#, extra: #", "version": "1""#) == [
                "version: a version needs the Questionnaire's url"
            ])
    }
}
