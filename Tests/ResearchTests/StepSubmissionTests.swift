import Foundation
import Testing

@testable import Research

/// Pages posted as JSON or as HTML form fields, read by the step they belong to and checked by the run.
@Suite struct StepSubmissionTests {
    private let steps = Dictionary(uniqueKeysWithValues: SurveyJSONTests.everyStep.map { ($0.id, $0) })

    private func json(_ text: String) throws -> JSONValue {
        try #require(JSONValue.parse(Data(text.utf8)))
    }

    private func activity(_ stepID: String, _ text: String) throws -> ActivityResult? {
        let step = try #require(steps[stepID])
        switch step.parseSubmission(json: try json(text), at: SurveyFixtures.start) {
        case .success(let submission):
            if let problem = step.activityProblem(submission.activity) {
                Issue.record("\(stepID): \(problem)")
            }
            return submission.activity
        case .failure(let errors):
            Issue.record("\(errors)")
            return nil
        }
    }

    private func parseErrors(_ stepID: String, _ text: String) throws -> [String] {
        let step = try #require(steps[stepID])
        switch step.parseSubmission(json: try json(text), at: SurveyFixtures.start) {
        case .success(let submission): return step.activityProblem(submission.activity).map { [$0.message] } ?? []
        case .failure(let errors): return errors.errors.map(\.description)
        }
    }

    @Test func consentPageGivesASignatureWithNameStrokesAndOffset() throws {
        let result = try activity(
            "consent",
            #"{"name": "Jamie", "strokes": [[{"x": 1, "y": 2, "t": 0}, {"x": 5, "y": 6, "t": 20}]], "png": "iVBORw==", "offset": "+08:00"}"#
        )
        guard case .consent(let consent) = result, let signature = consent.signature else {
            Issue.record("expected a signature")
            return
        }
        #expect(signature.printedName == "Jamie" && signature.utcOffset == "+08:00")
        #expect(signature.signedAt == SurveyFixtures.start && signature.strokes.first?.count == 2)
        #expect(signature.png == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(consent.signatureMeaning == "I agree" && consent.documentVersion == "1.0")
    }

    @Test func consentWithoutNameOrStrokesIsRefused() throws {
        #expect(
            try parseErrors("consent", #"{"strokes": [[{"x": 1, "y": 2}]]}"#) == ["consent: a printed name is required"]
        )
        #expect(try parseErrors("consent", #"{"name": "Jamie", "strokes": [[]]}"#) == ["the signature is empty"])
        #expect(
            try parseErrors("consent", #"{"name": "Jamie", "strokes": [[{"x": 1, "y": 2}]], "offset": "8h"}"#) == [
                "the signing offset must look like +08:00"
            ])
    }

    @Test func anOffsetIsASignAndDigitsWithinFourteenHours() {
        for offset in ["+08:00", "-05:30", "+14:00", "-00:00"] {
            #expect(SignatureResult.isValidOffset(offset), "\(offset)")
        }
        for offset in ["+-1:00", "++1:00", "+ 8:00", "+08:+5", "+15:00", "+08:60", "+٠٨:٠٠", "08:00", "+8:00"] {
            #expect(!SignatureResult.isValidOffset(offset), "\(offset)")
        }
    }

    @Test func everyPermissionCardMustBeAnswered() throws {
        #expect(
            try activity("permissions", #"{"health": true, "notifications": false, "motionActivity": true}"#) != nil)
        #expect(
            try parseErrors("permissions", #"{"health": true}"#).first?.contains("notifications, motionActivity")
                == true)
        #expect(
            try parseErrors("permissions", #"{"health": "yes"}"#) == ["permissions: 'health' must be true or false"])
    }

    @Test func healthGrantsAreRecordedPerRequestedTypeAndUnknownTypesRefused() throws {
        let answered = try activity(
            "permissions",
            #"{"health": true, "health.read.heartRate": true, "health.write.stepCount": false, "#
                + #""notifications": false, "motionActivity": true}"#)
        guard case .permissions(let grants) = answered else {
            Issue.record("expected a permissions result")
            return
        }
        #expect(grants["health.read.heartRate"] == true)
        #expect(grants["health.write.stepCount"] == false)
        // A type the step does not ask for is refused.
        #expect(
            try parseErrors(
                "permissions",
                #"{"health": true, "health.read.nope": true, "notifications": false, "motionActivity": true}"#
            ).first?.contains("unknown permission: health.read.nope") == true)
    }

    @Test func rangeOfMotionPageComputesFromQuaternionsEulerOrAManualAngle() throws {
        let quaternions = try activity("rom", #"{"quaternions": [[0, 0, 0, 1], [0.5, 0, 0, 0.8660254037844386]]}"#)
        guard case .rangeOfMotion(let measured) = quaternions else {
            Issue.record("expected a measurement")
            return
        }
        #expect(abs(measured.range - 60) < 0.01)
        let euler = try activity("rom", #"{"euler": [[0, 30, 0], [0, 105, 0], [0, 40, 0]], "orientation": "portrait"}"#)
        if case .rangeOfMotion(let fromEuler) = euler { #expect(abs(fromEuler.range - 75) < 0.01) }
        // The result names the side the step measures.
        var manual = RangeOfMotionResult.manual(range: 80)
        manual.limb = .right
        #expect(try activity("rom", #"{"manualRange": 80}"#) == .rangeOfMotion(manual))
        #expect(try parseErrors("rom", #"{"euler": [[0, 30]]}"#) == ["rom: euler[0] must have 3 numbers"])
        #expect(try parseErrors("rom", #"{"quaternions": []}"#) == ["rom: no motion samples"])
        #expect(
            try parseErrors("rom", #"{"euler": [[0, 1, 2]], "orientation": "sideways"}"#) == [
                "rom: orientation must be portrait or landscape"
            ])
    }

    @Test func recordingNoiseHearingAndBodyPages() throws {
        let hash = String(repeating: "c", count: 64)
        #expect(
            try activity(
                "camera", #"{"contentType": "video/webm", "byteCount": 2048, "sha256": "\#(hash)", "duration": 12}"#)
                != nil)
        #expect(
            try parseErrors(
                "camera", #"{"contentType": "video/webm", "byteCount": 2048, "sha256": "\#(hash)", "retryCount": 1}"#)
                == ["this recording does not allow retries"])
        #expect(
            try activity("noise", #"{"readings": [50, 30, 31, 32]}"#)
                == .noiseCheck(readings: [50, 30, 31, 32], passed: true))
        #expect(try parseErrors("noise", #"{"readings": [50, 30, 50, 32]}"#) == ["the surroundings are too loud"])
        #expect(try parseErrors("body", #"{"selected": ["femur"]}"#) == ["'femur' is not a selectable part"])
        #expect(try activity("body", #"{"selected": ["patella"]}"#) == .bodySelection(["patella"]))
        #expect(
            try parseErrors("tones", #"{"thresholds": {"left:1000": 10}}"#) == [
                "a threshold is needed for each ear and frequency"
            ])
    }

    @Test func questionPagesReadJSONValuesAndNameTheItem() throws {
        let step = try #require(steps["form"])
        let page = try json(
            #"{"item0": "dontKnow", "item3": {"values": ["a"]}, "item4": true, "item14": {"latitude": 1, "longitude": 2}}"#
        )
        guard case .success(let submission) = step.parseSubmission(json: page, at: SurveyFixtures.start) else {
            Issue.record("expected answers")
            return
        }
        #expect(submission.answers["item0"] == .dontKnow)
        #expect(submission.answers["item3"] == .choices(["a"], other: nil))
        #expect(submission.answers["item14"] == .location(Location(latitude: 1, longitude: 2)))
        let bad = try json(#"{"item5": "heavy", "ghost": 1, "item6": [1, {"x": 1}]}"#)
        guard case .failure(let errors) = step.parseSubmission(json: bad, at: SurveyFixtures.start) else {
            Issue.record("expected errors")
            return
        }
        #expect(errors.errors.map(\.itemID) == ["ghost", "item5", "item6"])
    }

    /// A form post reads local date-times and gives a missing signing offset in the participant's zone, as a JSON
    /// post does: the same fields either way are the same answers, and a missing payload is an empty one.
    @Test func aFormPostKeepsItsTimeZone() throws {
        let shanghai = try #require(TimeZone(identifier: "Asia/Shanghai"))
        let start = SurveyFixtures.start  // 2026-04-24 03:06:40 UTC, 11:06:40 in Shanghai
        let form = try #require(steps["form"])
        let fields = ["item9": ["2026-04-24T11:30"], "item3": ["other"], "item3.other": ["kayak"]]
        let posted = form.parseSubmission(form: fields, timeZone: shanghai, at: start)
        guard case .success(let page) = posted else {
            Issue.record("expected answers, got \(posted)")
            return
        }
        #expect(page.answers["item9"] == .dateTime(SurveyFixtures.date(1400)), "11:30 in Shanghai, 03:30 UTC")
        let same = try json(#"{"item9": "2026-04-24T11:30", "item3": {"values": ["other"], "other": "kayak"}}"#)
        #expect(form.parseSubmission(json: same, timeZone: shanghai, at: start) == posted)
        let consent = try #require(steps["consent"])
        let payload = #"{"name": "Jamie", "strokes": [[{"x": 1, "y": 2, "t": 0}]]}"#
        guard
            case .success(let signed) = consent.parseSubmission(
                form: ["payload": [payload]], timeZone: shanghai, at: start),
            case .consent(let result)? = signed.activity
        else {
            Issue.record("expected a signed consent")
            return
        }
        #expect(result.signature?.utcOffset == "+08:00")
        #expect(
            consent.parseSubmission(form: [:], timeZone: shanghai, at: start)
                == consent.parseSubmission(json: .null, timeZone: shanghai, at: start))
    }

    @Test func htmlFormFieldsAreReadPerItem() throws {
        let step = try #require(steps["form"])
        let fields = ["item0": ["4"], "item3": ["other"], "item3.other": ["kayak"], "item11": ["00:45"]]
        guard case .success(let submission) = step.parseSubmission(form: fields, at: SurveyFixtures.start) else {
            Issue.record("expected answers")
            return
        }
        #expect(submission.answers["item0"] == .integer(4))
        #expect(submission.answers["item3"] == .choices(["other"], other: "kayak"))
        #expect(submission.answers["item11"] == .interval(2700))
        let instruction = try #require(steps["intro"])
        #expect(instruction.parseSubmission(form: [:], at: SurveyFixtures.start) == .success(.empty))
        let rom = try #require(steps["rom"])
        guard
            case .success(let posted) = rom.parseSubmission(
                form: ["payload": [#"{"manualRange": 70}"#]], at: SurveyFixtures.start)
        else {
            Issue.record("expected a payload")
            return
        }
        var manual = RangeOfMotionResult.manual(range: 70)
        manual.limb = .right
        #expect(posted.activity == .rangeOfMotion(manual))
    }
}
