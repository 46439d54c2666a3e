import Foundation
import Testing

@testable import Research

@Suite struct SurveyJSONTests {
    static let everyFormat: [AnswerFormat] = [
        .scale(
            ScaleFormat(minimum: 1, maximum: 10, defaultValue: 3, vertical: true, dontKnow: DontKnowButton(text: "?"))),
        .continuousScale(ContinuousScaleFormat(minimum: 0, maximum: 1, fractionDigits: 2, minimumDescription: "low")),
        .textScale(
            TextScaleFormat(choices: [Choice(text: "A", value: "a"), Choice(text: "B", value: "b")], defaultIndex: 1)),
        .textChoice(
            TextChoiceFormat(
                style: .multiple,
                choices: [Choice(text: "A", value: "a", detail: "d", isExclusive: true)],
                other: .init(text: "Other", placeholder: "Say more")
            )
        ),
        .boolean(BooleanFormat(yesText: "Yes", noText: "No")),
        .numeric(NumericFormat(style: .decimal, unit: "kg", minimum: 1, maximum: 2, placeholder: "kg")),
        .text(
            TextFormat(
                maximumLength: 280, multipleLines: true, showsCharacterCount: true, showsClearButton: true,
                pattern: "[a-z]+", invalidMessage: "letters")),
        .socioEconomicLadder(LadderFormat(topText: "Optimal Health", bottomText: "Poor Health")),
        .date(DateFormat(minimum: CalendarDate("2026-01-01"), maximum: CalendarDate("2026-12-31"))),
        .dateTime(DateTimeFormat(minimum: SurveyFixtures.start, maximum: SurveyFixtures.date(3600))),
        .timeOfDay(TimeOfDayFormat(defaultValue: TimeOfDay(hour: 8, minute: 0))),
        .timeInterval(TimeIntervalFormat(stepMinutes: 5, maximum: 7200)),
        .height(HeightFormat(system: .usCustomary)),
        .weight(WeightFormat(system: .metric, minimum: 30, maximum: 200)),
        .location,
    ]

    static let everyStep: [Step] = [
        Step(
            id: "intro",
            title: "Welcome",
            text: "Text",
            detail: "Detail",
            kind: .instruction(
                Instruction(
                    imageName: "welcome",
                    bodyItems: [
                        BodyItem(text: "Item", detail: "More", iconName: "heart.fill", style: .image, learnMore: "Why")
                    ]
                )
            )
        ),
        Step(
            id: "form",
            kind: .form(
                everyFormat.enumerated().map { index, format in
                    FormItem(
                        id: "item\(index)", text: "Q\(index)", answerFormat: format, isOptional: index % 2 == 0,
                        section: "S")
                }
            )
        ),
        Step(
            id: "question",
            isOptional: true,
            kind: .question(
                FormItem(
                    id: "q",
                    text: "Q",
                    answerFormat: .boolean(BooleanFormat()),
                    visibleWhen: .all([
                        .answered(step: "form", item: "item4"), .not(.isDontKnow(step: "form", item: "item0")),
                    ])
                )
            )
        ),
        Step(
            id: "consent",
            kind: .consentDocument(
                ConsentDocument(
                    html: "<p>Consent</p>", version: "1.0", language: "en", signatureAfterContent: true,
                    signatureMeaning: "I agree")
            )
        ),
        Step(
            id: "permissions",
            kind: .requestPermissions(
                PermissionRequest(
                    healthRead: HealthDataType.allCases, healthWrite: [.stepCount], notifications: true,
                    motionActivity: true)
            )
        ),
        Step(id: "rom", kind: .rangeOfMotion(JointMeasurement(joint: .shoulder, limb: .right))),
        Step(
            id: "camera",
            kind: .frontCameraRecording(CameraRecording(maximumDuration: 15, allowsReview: true, allowsRetry: false))),
        Step(id: "noise", kind: .environmentNoise(NoiseCheck(thresholdDBA: 45, consecutiveQuietSamples: 3))),
        Step(id: "tones", kind: .toneAudiometry(ToneAudiometry())),
        Step(
            id: "body",
            kind: .bodyModel(BodyModel(modelID: "knee", selectableParts: ["patella"], highlightedParts: ["acl"]))),
        Step(id: "review", kind: .review),
        Step(id: "done", kind: .completion),
    ]

    static let everySurvey = Survey(
        id: "everything",
        steps: everyStep,
        navigationRules: [
            "form": [
                NavigationRule(when: .equals(step: "form", item: "item4", answer: .boolean(true)), goTo: .end),
                NavigationRule(
                    when: .any([
                        .atMost(step: "form", item: "item0", value: 2),
                        .includesChoice(step: "form", item: "item3", value: "a"),
                    ]), goTo: .step("consent")),
            ]
        ],
        skipRules: ["noise": .atLeast(step: "form", item: "item0", value: 9)]
    )

    @Test func everyStepAndFormatRoundTrips() throws {
        #expect(Self.everySurvey.validate().isEmpty)
        let data = try SurveyJSON.encode(Self.everySurvey)
        #expect(try SurveyJSON.decodeSurvey(data) == Self.everySurvey)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"format\" : \"recover.survey\""))
        for step in Self.everyStep { #expect(text.contains("\"type\" : \"\(step.kind.typeName)\"")) }
        for format in Self.everyFormat { #expect(text.contains("\"type\" : \"\(format.typeName)\"")) }
    }

    @Test func everyAnswerAndActivityResultRoundTrips() throws {
        let answers: [Answer] = [
            .integer(3), .decimal(2.5), .text("hi"), .choices(["a", "other"], other: "swim"),
            .choices(["a"], other: nil),
            .boolean(true), .date(try #require(CalendarDate("2026-05-04"))), .dateTime(SurveyFixtures.start),
            .timeOfDay(try #require(TimeOfDay("08:30"))), .interval(900),
            .location(Location(latitude: 1, longitude: 2, address: "Here")), .dontKnow, .skipped,
        ]
        let signature = SignatureResult(
            strokes: [[StrokePoint(x: 1, y: 2, t: 0), StrokePoint(x: 3, y: 4, t: 16)]],
            png: Data([0x89, 0x50, 0x4E, 0x47]),
            printedName: "Jamie Appleseed",
            signedAt: SurveyFixtures.start,
            utcOffset: "+08:00"
        )
        let activities: [ActivityResult] = [
            .consent(
                ConsentResult(
                    documentVersion: "1.0", language: "en", documentSHA256: String(repeating: "a", count: 64),
                    signatureMeaning: "I agree", signature: signature)),
            .permissions(["health": true, "notifications": false]),
            .rangeOfMotion(try RangeOfMotion.measure([Quaternion(x: 0, y: 0, z: 0, w: 1)])),
            .rangeOfMotion(.manual(range: 80)),
            .file(
                FileResult(
                    contentType: "video/webm", byteCount: 10, sha256: String(repeating: "b", count: 64), retryCount: 2,
                    duration: 12)),
            .bodySelection(["patella"]),
            .noiseCheck(readings: [30, 31], passed: true),
            .audiometry(["left:1000": 20]),
        ]
        let result = SurveyResult(
            surveyID: "everything",
            runID: "run",
            startDate: SurveyFixtures.start,
            endDate: SurveyFixtures.date(60),
            finishReason: .completed,
            stepResults: [
                StepResult(
                    stepID: "form",
                    startDate: SurveyFixtures.start,
                    endDate: SurveyFixtures.date(1),
                    answers: answers.enumerated().map { QuestionResult(itemID: "item\($0.offset)", answer: $0.element) }
                )
            ]
                + activities.enumerated().map {
                    StepResult(stepID: "s\($0.offset)", endDate: SurveyFixtures.date(2), activity: $0.element)
                }
        )
        let data = try SurveyJSON.encode(result)
        #expect(try SurveyJSON.decode(SurveyResult.self, from: data) == result)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"endDate\" : \"2026-04-24T03:07:40.000+00:00\""))
    }

    @Test func datesCarryAColonSeparatedOffset() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(SurveyJSON.formatDate(SurveyFixtures.start, timeZone: tokyo) == "2026-04-24T12:06:40.000+09:00")
        #expect(SurveyJSON.parseDate("2026-04-24T12:06:40+09:00") == SurveyFixtures.start)
        #expect(SurveyJSON.parseDate("2026-04-24T12:06:40") == nil)
        let withMilliseconds = Date(timeIntervalSince1970: 1_777_000_000.123)
        #expect(SurveyJSON.formatDate(withMilliseconds) == "2026-04-24T03:06:40.123+00:00")
        let reread = try #require(SurveyJSON.parseDate(SurveyJSON.formatDate(withMilliseconds)))
        #expect(abs(reread.timeIntervalSince(withMilliseconds)) < 0.0005)
    }

    private func loadError(_ json: String) -> String {
        do {
            _ = try SurveyJSON.decodeSurvey(Data(json.utf8))
            return "loaded"
        } catch {
            return error.description
        }
    }

    @Test func unknownTypesAndBadDocumentsAreClearErrors() {
        let header = #""format": "recover.survey", "version": 1, "id": "s""#
        #expect(
            loadError(#"{\#(header), "steps": [{"id": "a", "type": "hologram"}]}"#)
                .contains("step 'a': unknown step type 'hologram'")
        )
        #expect(
            loadError(
                #"{\#(header), "steps": [{"id": "a", "type": "question", "item": {"id": "q", "text": "Q", "answerFormat": {"type": "slider9000"}}}]}"#
            )
            .contains("unknown answer format type 'slider9000'")
        )
        #expect(
            loadError(
                #"{\#(header), "steps": [{"id": "knee", "type": "rangeOfMotion", "joint": "knee", "limb": "both"}]}"#
            )
            .contains("step 'knee': limb 'both' is not one of: left, right")
        )
        #expect(
            loadError(#"{"format": "recover.survey", "version": 2, "id": "s", "steps": []}"#).contains(
                "unsupported version 2"))
        #expect(loadError(#"{"format": "other", "version": 1, "id": "s", "steps": []}"#).contains("expected format"))
        #expect(loadError("{not json") == "malformed JSON")
        #expect(
            loadError(#"{\#(header), "steps": [{"id": "a", "type": "completion"}, {"id": "a", "type": "review"}]}"#)
                == "step 'a': duplicate step identifier")
        #expect(loadError(#"{\#(header), "steps": "none"}"#).hasPrefix("steps: expected"))
    }

    @Test func unknownAnswerTypeIsAnError() {
        #expect(throws: SurveyJSONError.self) {
            try SurveyJSON.decode(Answer.self, from: Data(#"{"type": "vibes"}"#.utf8))
        }
    }
}
