import Foundation
import Testing

@testable import Research

/// Every problem the engine reports has a typed code and the values its message names, beside the English
/// message that the command line prints.
@Suite struct ItemErrorCodeTests {
    static let pain = FormItem(
        id: "pain", text: "Pain", answerFormat: .scale(ScaleFormat(minimum: 1, maximum: 10)))
    static let note = FormItem(
        id: "note", text: "Note", answerFormat: .text(TextFormat(maximumLength: 5)), isOptional: true)
    static let zip = FormItem(
        id: "zip", text: "Zip",
        answerFormat: .text(TextFormat(pattern: "[0-9]{5}", invalidMessage: "Enter 5 digits")), isOptional: true)
    static let mood = FormItem(
        id: "mood", text: "Mood",
        answerFormat: .continuousScale(ContinuousScaleFormat(minimum: 0, maximum: 5, fractionDigits: 1)),
        isOptional: true)
    static let onFeet = FormItem(
        id: "onFeet", text: "On feet", answerFormat: .timeInterval(TimeIntervalFormat(stepMinutes: 5)),
        isOptional: true)
    static let form = Step(id: "checkin.form", kind: .form([pain, note, zip, mood, onFeet]))

    private let steps = Dictionary(uniqueKeysWithValues: SurveyJSONTests.everyStep.map { ($0.id, $0) })

    /// The errors of posting `fields` to the form and submitting what parses.
    private func formErrors(_ fields: [String: [String]]) throws -> [ItemError] {
        let survey = Survey(id: "checkin", steps: [Self.form])
        var run = try SurveyRun(survey: survey, runID: "r", startDate: SurveyFixtures.start)
        switch Self.form.parseSubmission(form: fields, at: SurveyFixtures.start) {
        case .failure(let errors): return errors.errors
        case .success(let submission):
            guard case .failure(let errors) = run.submit(submission, for: Self.form.id, in: survey, at: .now) else {
                return []
            }
            return errors.errors
        }
    }

    /// The errors of posting `text` as the JSON page of the step `stepID` of ``SurveyJSONTests/everyStep``.
    private func pageErrors(_ stepID: String, _ text: String) throws -> [ItemError] {
        let step = try #require(steps[stepID])
        let json = try #require(JSONValue.parse(Data(text.utf8)))
        switch step.parseSubmission(json: json, at: SurveyFixtures.start) {
        case .success(let submission): return step.activityProblem(submission.activity).map { [$0] } ?? []
        case .failure(let errors): return errors.errors
        }
    }

    @Test func aScaleOutOfRangeIsOutOfRangeWithItsBounds() throws {
        let errors = try formErrors(["pain": ["11"]])
        let error = try #require(errors.first)
        #expect(error.code == .outOfRange)
        #expect(error.bounds == ItemError.Bounds(minimum: 1, maximum: 10, step: 1))
        #expect(error.description == "checkin.form / pain: must be between 1 and 10")
        let typed = try #require(try formErrors(["pain": ["lots"]]).first)
        #expect(typed.code == .notAWholeNumber && typed.bounds == error.bounds, "the bounds come with every code")
    }

    @Test func aMissingRequiredAnswerIsRequired() throws {
        let errors = try formErrors([:])
        #expect(errors.map(\.code) == [.required])
        #expect(errors.first?.itemID == "pain" && errors.first?.message == "an answer is required")
    }

    @Test func textTooLongCarriesItsLimitAndAPatternItsAuthorsMessage() throws {
        let long = try #require(try formErrors(["pain": ["3"], "note": ["too long"]]).first)
        #expect(long.code == .tooLong && long.limit == 5 && long.message == "longer than 5 characters")
        let zip = try #require(try formErrors(["pain": ["3"], "zip": ["12"]]).first)
        #expect(zip.code == .patternMismatch && zip.authorMessage == "Enter 5 digits")
    }

    @Test func decimalsAndDurationsCarryTheirDigitsAndStep() throws {
        let digits = try #require(try formErrors(["pain": ["3"], "mood": ["2.55"]]).first)
        #expect(digits.code == .tooManyDigits)
        #expect(digits.bounds == ItemError.Bounds(minimum: 0, maximum: 5, fractionDigits: 1))
        let duration = try #require(try formErrors(["pain": ["3"], "onFeet": ["1:75"]]).first)
        #expect(duration.code == .invalidDuration)
        #expect(duration.bounds == ItemError.Bounds(minimum: 0, maximum: 86_400, step: 300))
        let offStep = try #require(try formErrors(["pain": ["3"], "onFeet": ["00:07"]]).first)
        #expect(offStep.code == .notOnStep)
    }

    @Test func aRangeOfMotionIsZeroTo180Degrees() throws {
        #expect(RangeOfMotionResult.plausibleRange == 0...180)
        #expect(try pageErrors("rom", #"{"manualRange": 180}"#).isEmpty)
        let wide = try #require(try pageErrors("rom", #"{"manualRange": 200}"#).first)
        #expect(wide.code == .outOfRange && wide.bounds == ItemError.Bounds(0...180))
        #expect(wide.description == "rom: the range must be 0 to 180 degrees")
        let typed = try #require(try pageErrors("rom", #"{"manualRange": "far"}"#).first)
        #expect(typed.code == .notANumber && typed.bounds == ItemError.Bounds(0...180))
        #expect(try pageErrors("rom", "{}").map(\.code) == [.measurementRequired])
    }

    @Test func consentPermissionsAndBodyModelProblemsHaveTheirCodes() throws {
        #expect(try pageErrors("consent", #"{"name": "Jamie", "strokes": [[]]}"#).map(\.code) == [.signatureEmpty])
        #expect(
            try pageErrors("consent", #"{"name": " ", "strokes": [[{"x": 1, "y": 2}]]}"#).map(\.code) == [.nameRequired]
        )
        let name = String(repeating: "n", count: 201)
        let long = try #require(
            try pageErrors("consent", #"{"name": "\#(name)", "strokes": [[{"x": 1, "y": 2}]]}"#).first)
        #expect(long.code == .nameTooLong && long.limit == 200)
        #expect(long.message == "the printed name is longer than 200 characters")
        let permissions = try #require(try pageErrors("permissions", #"{"health": true}"#).first)
        #expect(permissions.code == .permissionsUnanswered)
        #expect(permissions.message == "answer each permission (granted or declined): notifications, motionActivity")
        #expect(try pageErrors("body", #"{"selected": ["femur"]}"#).map(\.code) == [.unknownPart])
        #expect(try pageErrors("tones", #"{"thresholds": {"left:1000": 10}}"#).map(\.code) == [.thresholdsMissing])
        #expect(try pageErrors("noise", #"{"readings": [50, 30, 50, 32]}"#).map(\.code) == [.tooLoud])
    }

    @Test func pagesThatCannotBeReadSayWhy() throws {
        let rom = try #require(steps["rom"])
        guard case .failure(let notJSON) = rom.parseSubmission(form: ["payload": ["{"]], at: SurveyFixtures.start)
        else {
            Issue.record("expected an error")
            return
        }
        #expect(notJSON.errors.map(\.code) == [.notJSON])
        let page = try #require(JSONValue.parse(Data(#"{"ghost": 1, "item6": [1, {"x": 1}]}"#.utf8)))
        let form = try #require(steps["form"])
        guard case .failure(let errors) = form.parseSubmission(json: page, at: SurveyFixtures.start) else {
            Issue.record("expected errors")
            return
        }
        #expect(errors.errors.map(\.code) == [.unknownItem, .wrongShape])
        #expect(try pageErrors("intro", #"{"x": 1}"#).map(\.code) == [.unexpectedAnswer])
    }

    @Test func codesAreRawStringsThatCallersCanExtend() {
        #expect(ItemError.Code.outOfRange.rawValue == "outOfRange")
        #expect(ItemError.Code(rawValue: "required") == .required)
        #expect(ItemError.Code(rawValue: "somethingNew").description == "somethingNew")
    }
}
