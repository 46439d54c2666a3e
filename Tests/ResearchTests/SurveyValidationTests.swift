import Foundation
import Testing

@testable import Research

/// Survey-building rules: each parameter limit on both sides, and the step and item named.
@Suite struct SurveyValidationTests {
    private func problems(_ format: AnswerFormat) -> [String] {
        let item = FormItem(id: "q", text: "Question", answerFormat: format)
        let survey = Survey(id: "s", steps: [Step(id: "form", kind: .form([item]))])
        return survey.validate().map(\.description)
    }

    @Test func scaleStepCountMustBeOneToThirteen() {
        #expect(problems(.scale(ScaleFormat(minimum: 0, maximum: 13))).isEmpty)
        #expect(problems(.scale(ScaleFormat(minimum: 0, maximum: 1))).isEmpty)
        #expect(
            problems(.scale(ScaleFormat(minimum: 0, maximum: 14)))
                == ["step 'form', item 'q': scale has 14 steps; it must have 1 to 13"]
        )
        #expect(!problems(.scale(ScaleFormat(minimum: 0, maximum: 0))).isEmpty)
        #expect(!problems(.scale(ScaleFormat(minimum: 0, maximum: 10, step: 3))).isEmpty)
        #expect(!problems(.scale(ScaleFormat(minimum: 0, maximum: 10, step: 0))).isEmpty)
    }

    @Test func scaleBoundsStayWithinTenThousand() {
        #expect(problems(.scale(ScaleFormat(minimum: 9_990, maximum: 10_000, step: 1))).isEmpty)
        #expect(!problems(.scale(ScaleFormat(minimum: 9_991, maximum: 10_001, step: 1))).isEmpty)
        #expect(!problems(.scale(ScaleFormat(minimum: -10_001, maximum: -9_991, step: 1))).isEmpty)
    }

    /// Bounds from a study file at the ends of `Int` are refused as out of range: no `abs(Int.min)`, no span
    /// `maximum - minimum` that overflows, no default or answer offset that does.
    @Test func scaleBoundsAtTheEndsOfIntAreAProblemNotATrap() throws {
        let bounds = "step 'form', item 'q': scale bounds must be within ±10000"
        #expect(problems(.scale(ScaleFormat(minimum: .min, maximum: 0))) == [bounds])
        #expect(problems(.scale(ScaleFormat(minimum: -.max, maximum: .max))) == [bounds])
        let widest = ScaleFormat(minimum: -.max, maximum: .max, defaultValue: .max)
        #expect(widest.effectiveDefault == nil)
        let answer = Result { () throws(AnswerError) in
            try AnswerFormat.scale(widest).validate(.integer(.max), for: "q")
        }
        guard case .failure(let error) = answer else {
            Issue.record("expected a refusal")
            return
        }
        #expect(error.code == .notOnStep)
    }

    @Test func outOfRangeDefaultCountsAsNoDefault() {
        let scale = ScaleFormat(minimum: 1, maximum: 10, defaultValue: 0)
        #expect(problems(.scale(scale)).isEmpty)
        #expect(scale.effectiveDefault == nil)
        #expect(ScaleFormat(minimum: 1, maximum: 10, defaultValue: 5).effectiveDefault == 5)
    }

    @Test func continuousScaleFractionDigitsZeroToFour() {
        #expect(problems(.continuousScale(ContinuousScaleFormat(minimum: 0, maximum: 1, fractionDigits: 4))).isEmpty)
        #expect(!problems(.continuousScale(ContinuousScaleFormat(minimum: 0, maximum: 1, fractionDigits: 5))).isEmpty)
        #expect(!problems(.continuousScale(ContinuousScaleFormat(minimum: 1, maximum: 1))).isEmpty)
        #expect(problems(.continuousScale(ContinuousScaleFormat(minimum: -10_000, maximum: 10_000))).isEmpty)
        #expect(!problems(.continuousScale(ContinuousScaleFormat(minimum: -10_000.5, maximum: 0))).isEmpty)
    }

    @Test func textScaleHasTwoToEightChoices() {
        func scale(_ count: Int) -> AnswerFormat {
            .textScale(TextScaleFormat(choices: (0..<count).map { Choice(text: "C\($0)", value: "c\($0)") }))
        }
        #expect(problems(scale(2)).isEmpty && problems(scale(8)).isEmpty)
        #expect(!problems(scale(1)).isEmpty && !problems(scale(9)).isEmpty)
        let choices = [Choice(text: "A", value: "a"), Choice(text: "B", value: "b")]
        #expect(problems(.textScale(TextScaleFormat(choices: choices, defaultIndex: 1))).isEmpty)
        #expect(!problems(.textScale(TextScaleFormat(choices: choices, defaultIndex: 2))).isEmpty)
    }

    @Test func textChoiceNeedsUniqueValues() {
        let duplicate = TextChoiceFormat(
            style: .single,
            choices: [Choice(text: "A", value: "a"), Choice(text: "B", value: "a")]
        )
        #expect(problems(.textChoice(duplicate)) == ["step 'form', item 'q': choice values must be unique"])
        #expect(!problems(.textChoice(TextChoiceFormat(style: .single, choices: []))).isEmpty)
    }

    @Test func textPatternNeedsItsMessageAndMustCompile() {
        #expect(problems(.text(TextFormat(pattern: "[0-9]+", invalidMessage: "Digits only"))).isEmpty)
        #expect(
            problems(.text(TextFormat(pattern: "[0-9]+")))
                == ["step 'form', item 'q': text validation pattern has no invalid message"]
        )
        #expect(!problems(.text(TextFormat(pattern: "[0-9", invalidMessage: "x"))).isEmpty)
        #expect(!problems(.text(TextFormat(maximumLength: -1))).isEmpty)
        #expect(problems(.text(TextFormat(maximumLength: 0))).isEmpty)
    }

    @Test func numericDateAndIntervalBoundsMustBeOrdered() {
        #expect(problems(.numeric(NumericFormat(style: .integer, minimum: 5, maximum: 5))).isEmpty)
        #expect(!problems(.numeric(NumericFormat(style: .integer, minimum: 6, maximum: 5))).isEmpty)
        #expect(
            !problems(.date(DateFormat(minimum: CalendarDate("2026-02-02"), maximum: CalendarDate("2026-02-01"))))
                .isEmpty)
        #expect(problems(.timeInterval(TimeIntervalFormat(stepMinutes: 30, maximum: 86_400))).isEmpty)
        #expect(!problems(.timeInterval(TimeIntervalFormat(stepMinutes: 31))).isEmpty)
        #expect(!problems(.timeInterval(TimeIntervalFormat(stepMinutes: 0))).isEmpty)
        #expect(!problems(.timeInterval(TimeIntervalFormat(maximum: 86_401))).isEmpty)
    }

    @Test func duplicateStepAndItemIdentifiersAreNamed() {
        let item = FormItem(id: "q", text: "Q", answerFormat: .boolean(BooleanFormat()))
        let survey = Survey(
            id: "s",
            steps: [
                Step(id: "a", kind: .completion), Step(id: "a", kind: .review),
                Step(id: "f", kind: .form([item, item])),
            ]
        )
        let found = survey.validate().map(\.description)
        #expect(found.contains("step 'a': duplicate step identifier"))
        #expect(found.contains("step 'f', item 'q': duplicate item identifier"))
    }

    @Test func rulesMustPointAtKnownStepsAndItems() {
        let item = FormItem(id: "q", text: "Q", answerFormat: .boolean(BooleanFormat()))
        let survey = Survey(
            id: "s",
            steps: [Step(id: "f", kind: .form([item])), Step(id: "done", kind: .completion)],
            navigationRules: [
                "f": [NavigationRule(when: .answered(step: "f", item: "nope"), goTo: .step("missing"))]
            ],
            skipRules: ["ghost": .answered(step: "f", item: "q")]
        )
        let found = survey.validate().map(\.description)
        #expect(found.contains("step 'f': navigation rule goes to unknown step 'missing'"))
        #expect(found.contains("step 'f': a condition refers to unknown item 'nope' of 'f'"))
        #expect(found.contains("step 'ghost': skip rule for an unknown step"))
    }

    @Test func activeStepParametersAreChecked() {
        let survey = Survey(
            id: "s",
            steps: [
                Step(id: "cam", kind: .frontCameraRecording(CameraRecording(maximumDuration: 0))),
                Step(id: "noise", kind: .environmentNoise(NoiseCheck(thresholdDBA: 35, consecutiveQuietSamples: 0))),
                Step(id: "tones", kind: .toneAudiometry(ToneAudiometry(frequencies: [], ears: [.left]))),
                Step(id: "body", kind: .bodyModel(BodyModel(modelID: "knee", continueAfterSelectionOnly: true))),
                Step(id: "perm", kind: .requestPermissions(PermissionRequest())),
                Step(
                    id: "consent",
                    kind: .consentDocument(
                        ConsentDocument(
                            html: "<p>x</p>", version: "1", language: "en", signatureAfterContent: true,
                            signatureMeaning: "")
                    )
                ),
            ]
        )
        let stepsWithProblems = Set(survey.validate().compactMap(\.stepID))
        #expect(stepsWithProblems == ["cam", "noise", "tones", "body", "perm", "consent"])
    }

    @Test func validatedThrowsEveryProblem() {
        let survey = Survey(id: "", steps: [])
        #expect(throws: SurveyValidationError.self) { try survey.validated() }
        #expect(survey.validate().count == 2)
    }
}
