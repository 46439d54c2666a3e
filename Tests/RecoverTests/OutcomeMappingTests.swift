import Care
import Foundation
import Research
import Testing

@testable import Recover

@Suite struct OutcomeMappingTests {
    let start = Date(timeIntervalSince1970: 1_777_000_000)

    private func complete(_ survey: Survey, pages: [String: String]) throws -> SurveyResult {
        var run = try SurveyRun(survey: survey, runID: "run", startDate: start)
        var clock = start
        while let step = run.currentStep(in: survey) {
            clock += 10
            let json = try #require(JSONValue.parse(Data((pages[step.id] ?? "{}").utf8)))
            let submission = try step.parseSubmission(json: json, at: clock).get()
            _ = try run.submit(submission, for: step.id, in: survey, at: clock).get()
        }
        return try run.finish(.completed, at: clock)
    }

    @Test func checkinMapsPainAndSleepWithTheirKinds() throws {
        let result = try complete(
            RecoverSurveys.checkin(),
            pages: ["checkin.form": #"{"checkin.form.pain": 3, "checkin.form.sleep": 7}"#]
        )
        let values = try RecoverOutcomes.values(for: result)
        #expect(
            values == [
                OutcomeValue(.integer(3), kind: "checkin.form.pain"),
                OutcomeValue(.integer(7), kind: "checkin.form.sleep", unit: "h"),
            ])
    }

    @Test func rangeOfMotionMapsTheRangeInDegrees() throws {
        let euler = (Array(stride(from: 30.0, through: 105, by: 5)) + Array(stride(from: 100.0, through: 40, by: -5)))
            .map { "[0, \($0), 0]" }.joined(separator: ", ")
        let result = try complete(
            RecoverSurveys.rangeOfMotionCheck(),
            pages: ["knee.range.of.motion": #"{"euler": [\#(euler)]}"#]
        )
        let values = try RecoverOutcomes.values(for: result)
        #expect(values.count == 2)
        #expect(values.first?.kind == "range" && values.first?.unit == "deg")
        #expect(abs((values.first?.numericValue ?? 0) - 75) < 0.01)
        #expect(values.last == OutcomeValue(.text("left"), kind: "range.limb"))
    }

    @Test func onboardingMapsTheCompletionDateAndGoals() throws {
        let result = try complete(
            RecoverSurveys.onboarding(),
            pages: [
                "onboarding.signatureCapture":
                    #"{"name": "Jamie Appleseed", "strokes": [[{"x": 0, "y": 0, "t": 0}, {"x": 9, "y": 4, "t": 30}]]}"#,
                "onboarding.requestPermissionsStep":
                    #"{"health": true, "notifications": true, "motionActivity": false}"#,
                "onboarding.goals":
                    #"{"onboarding.goals.knee": ["right"], "onboarding.goals.surgeryDate": "2026-03-02", "onboarding.goals.goal": "Walk the dog again", "onboarding.goals.kneeBend": 120, "onboarding.goals.checkinTime": "07:30"}"#,
            ]
        )
        let values = try RecoverOutcomes.values(for: result)
        #expect(values.contains(OutcomeValue(.text("right"), kind: "onboarding.goals.knee")))
        #expect(values.contains(OutcomeValue(.text("2026-03-02"), kind: "onboarding.goals.surgeryDate")))
        #expect(values.first == OutcomeValue(.date(start + 60), kind: "onboarding.completionStep"))
        #expect(values.contains(OutcomeValue(.integer(120), kind: "onboarding.goals.kneeBend", unit: "deg")))
        #expect(values.contains(OutcomeValue(.text("07:30"), kind: "onboarding.goals.checkinTime")))
    }

    @Test func onlyCompletedResultsOfTheRightSurveyMap() throws {
        let survey = RecoverSurveys.checkin()
        let run = try SurveyRun(survey: survey, runID: "run", startDate: start)
        let cancelled = run.cancel(at: start)
        #expect(throws: MappingError.self) { try RecoverOutcomes.values(for: cancelled) }
        let result = try complete(
            survey, pages: ["checkin.form": #"{"checkin.form.pain": 1, "checkin.form.sleep": 0}"#])
        #expect(throws: MappingError.self) { try RangeOfMotionOutcomeMapping().outcomeValues(from: result) }
        #expect(RecoverOutcomes.mapper(for: "unknown") == nil)
    }

    @Test func kneeBendTargetAbove150IsRefusedNamingTheItem() throws {
        let survey = RecoverSurveys.onboarding()
        let goals = try #require(survey.step("onboarding.goals"))
        let page = try #require(
            JSONValue.parse(Data(#"{"onboarding.goals.goal": "Run", "onboarding.goals.kneeBend": 151}"#.utf8)))
        guard case .failure(let errors) = goals.parseSubmission(json: page, at: start) else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.errors.map(\.itemID) == ["onboarding.goals.kneeBend"])
        let long = String(repeating: "a", count: 281)
        let tooLong = try #require(JSONValue.parse(Data(#"{"onboarding.goals.goal": "\#(long)"}"#.utf8)))
        guard case .failure(let lengthErrors) = goals.parseSubmission(json: tooLong, at: start) else {
            Issue.record("expected an error")
            return
        }
        #expect(lengthErrors.description.contains("longer than 280 characters"))
    }
}

@Suite struct MappedResultTests {
    @Test func mappedResultIsAResultDocumentWithOutcomeValues() throws {
        let pages: [String: JSONValue] = [
            "checkin.form": .object(["checkin.form.pain": .number(3), "checkin.form.sleep": .number(7)])
        ]
        let result = try SurveyRun.answerAll(
            RecoverSurveys.checkin(), pages: pages, runID: "r", at: Date(timeIntervalSince1970: 0)
        )
        .get()
        let data = try SurveyJSON.encoder().encode(try MappedResult(result))
        #expect(try SurveyJSON.decode(SurveyResult.self, from: data) == result)
        let json = try #require(JSONValue.parse(data)?.objectValue)
        let outcomes = try #require(json["outcomeValues"]?.arrayValue)
        #expect(
            outcomes.compactMap { $0.objectValue?["kind"]?.stringValue } == ["checkin.form.pain", "checkin.form.sleep"])
        #expect(outcomes.compactMap { $0.objectValue?["value"]?.numberValue } == [3, 7])
    }
}
