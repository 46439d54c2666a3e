import Foundation
import Research
import Testing
import Web

@testable import RecoverWeb

/// The web words the engine's problems by their code and shows the engine's own bounds; it never reads the
/// engine's English text and keeps no copy of a rule the engine checks.
struct StepProblemTests {
    let rom = Step(id: "knee.range.of.motion", kind: .rangeOfMotion(JointMeasurement(joint: .knee, limb: .left)))
    let consent = Step(
        id: "consent",
        kind: .consentDocument(
            ConsentDocument(
                html: "<p>Yes</p>", version: "1", language: "en", signatureAfterContent: true,
                signatureMeaning: "I agree")))
    static let note = FormItem(id: "note", text: "Note", answerFormat: .text(TextFormat(maximumLength: 7)))
    static let steps = FormItem(
        id: "steps", text: "Steps", answerFormat: .numeric(NumericFormat(style: .integer, minimum: 0)))

    /// A participant on the range-of-motion page.
    func atRangeOfMotion() throws -> StudyClient {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        client.open("/survey/rangeOfMotionCheck/0")
        client.post("/survey/rangeOfMotionCheck/0", form: ["step": "rom.instruction", "action": "next"])
        return client
    }

    @Test func aTypedAngleOutsideTheEnginesBoundShowsTheEnginesRange() throws {
        var client = try atRangeOfMotion()
        let bound = RangeOfMotionResult.plausibleRange
        #expect(bound == 0...180)
        for angle in ["181", "-5", "400", "bent"] {
            let refused = client.post(
                "/survey/rangeOfMotionCheck/0",
                form: ["step": "knee.range.of.motion", "action": "next", "range.manualAngle": angle])
            #expect(refused.status == .unprocessableContent, "\(angle)")
            #expect(client.lastPage.contains("Choose a value from 0 to 180."), "\(angle)")
        }
        let edge = client.post(
            "/survey/rangeOfMotionCheck/0",
            form: ["step": "knee.range.of.motion", "action": "next", "range.manualAngle": "180"])
        #expect(edge.status == .seeOther, "180 degrees is the engine's upper bound and is accepted")
    }

    @Test func theAngleBoxTakesItsBoundsFromTheEngine() throws {
        var client = try atRangeOfMotion()
        client.open("/survey/rangeOfMotionCheck/0")
        #expect(
            client.lastPage.contains("id=\"rom-manual\" type=\"number\" inputmode=\"numeric\" min=\"0\" max=\"180\""))
        let nothing = client.post(
            "/survey/rangeOfMotionCheck/0", form: ["step": "knee.range.of.motion", "action": "next"])
        #expect(nothing.status == .unprocessableContent)
        #expect(client.lastPage.contains("Measure your knee with Start, or enter the angle by hand."))
    }

    @Test func theRangeMessageUsesTheBoundsTheErrorCarries() {
        let error = ItemError(
            stepID: rom.id, code: .outOfRange, message: "anything", bounds: ItemError.Bounds(minimum: 5, maximum: 90))
        #expect(
            StepProblem.from(error, in: rom)
                == StepProblem(itemID: "manual", key: "survey.error.range", arguments: ["min": "5", "max": "90"]))
    }

    @Test func theMessageFollowsTheCodeNotTheEnglishText() {
        func key(_ code: ItemError.Code, in step: Step, item: String? = nil) -> String {
            StepProblem.from(
                ItemError(stepID: step.id, itemID: item, code: code, message: "an answer is required"), in: step
            )
            .key
        }
        #expect(key(.signatureEmpty, in: consent) == "survey.error.signatureEmpty")
        #expect(key(.nameRequired, in: consent) == "survey.error.nameRequired")
        #expect(key(.nameTooLong, in: consent) == "survey.error.nameTooLong")
        #expect(key(.documentMismatch, in: consent) == "survey.error.invalidPage")
        #expect(key(.measurementRequired, in: rom) == "survey.error.measure")
        #expect(key(.unusableSamples, in: rom) == "survey.error.samples")
        let form = Step(id: "form", kind: .form([Self.note, Self.steps]))
        #expect(key(.required, in: form, item: "note") == "survey.error.required")
        #expect(key(.singleLine, in: form, item: "note") == "survey.error.invalid")
        #expect(key(.controlCharacter, in: form, item: "note") == "survey.error.controlCharacter")
        #expect(key(.controlCharacter, in: consent) == "survey.error.controlCharacter")
        #expect(key(.unknownItem, in: form, item: "ghost") == "survey.error.invalid")
    }

    @Test func strokesThatAreNotAListAreRefusedByTheEngineAsAnEmptySignature() {
        for strokes in ["not json", #"{"x": 1}"#] {
            let posted = StepForm.submission(
                for: consent, fields: ["consent.name": ["Pat"], "consent.signature.strokes": [strokes]], timeZone: .gmt,
                at: .now)
            #expect(posted == .failure(PageProblems([StepProblem(key: "survey.error.signatureEmpty")])), "\(strokes)")
        }
    }

    @Test func lengthsAndOpenRangesComeFromTheError() {
        let form = Step(id: "form", kind: .form([Self.note, Self.steps]))
        guard
            case .failure(let long) = StepForm.submission(
                for: form, fields: ["note": ["eight ch"], "steps": ["-1"]], timeZone: .gmt, at: .now)
        else {
            Issue.record("expected problems")
            return
        }
        #expect(
            long.problems == [
                StepProblem(itemID: "note", key: "survey.error.tooLong", arguments: ["max": "7"]),
                StepProblem(itemID: "steps", key: "survey.error.range", arguments: ["min": "0", "max": "…"]),
            ])
    }
}
