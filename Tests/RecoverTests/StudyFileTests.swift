import Care
import Foundation
import Research
import Testing

@testable import Recover

/// Reading study files: every problem is named by its location and a file with any problem gives no study.
@Suite struct StudyFileTests {
    /// The positions of a task and a survey appended to the shipped file's lists.
    static let appended = (task: RecoverStudy.shipped.tasks.count, survey: RecoverStudy.shipped.surveys.count)

    /// The shipped file as JSON, to break in one place per test.
    func shipped() throws -> [String: JSONValue] {
        try #require(JSONValue.parse(RecoverStudy.shippedFile)?.objectValue)
    }

    func problems(_ object: [String: JSONValue]) throws -> [String] {
        let data = try JSONEncoder().encode(JSONValue.object(object))
        do {
            _ = try StudyFile.read(data)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    func task(_ id: String, survey: String, schedule: [JSONValue]) -> JSONValue {
        .object([
            "id": .string(id), "survey": .string(survey), "title": .object(["en": .string("A task")]),
            "schedule": .array(schedule),
        ])
    }

    @Test func theShippedFileReadsAndWritesBackTheSame() throws {
        let study = try StudyFile.read(RecoverStudy.shippedFile)
        #expect(study.version == 1 && study.id == "recover")
        #expect(try StudyFile.write(study) == RecoverStudy.shippedFile)
        #expect(study.survey(for: StudyTaskID.checkin, language: "zh-Hans")?.steps.first?.title == "每日打卡")
    }

    @Test func aTaskRunningAnUnknownSurveyIsNamed() throws {
        var file = try shipped()
        var tasks = try #require(file["tasks"]?.arrayValue)
        tasks.append(
            task(
                "function", survey: "nope",
                schedule: [.object(["anchor": .string("added"), "every": .object(["weeks": .number(1)])])]))
        file["tasks"] = .array(tasks)
        #expect(try problems(file) == ["tasks[\(Self.appended.task)].survey: no survey \"nope\""])
    }

    @Test func aScheduleThatEndsBeforeItStartsIsNamed() throws {
        var file = try shipped()
        var tasks = try #require(file["tasks"]?.arrayValue)
        tasks.append(
            task(
                "late", survey: "checkin",
                schedule: [
                    .object([
                        "anchor": .string("onboarded"), "from": .object(["weeks": .number(2)]),
                        "until": .object(["days": .number(10)]), "every": .object(["days": .number(1)]),
                    ])
                ]))
        file["tasks"] = .array(tasks)
        #expect(
            try problems(file) == ["tasks[\(Self.appended.task)].schedule[0].until: the schedule ends before it starts"]
        )
    }

    @Test func aMappingToAMissingItemIsNamed() throws {
        var file = try shipped()
        file["outcomes"] = .array([
            .object([
                "survey": .string("checkin"), "step": .string("checkin.form"), "item": .string("checkin.form.mood"),
                "kind": .string("mood"),
            ])
        ])
        #expect(try problems(file) == ["outcomes[0].item: no item \"checkin.form.mood\" in step \"checkin.form\""])
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        var file = try shipped()
        file["studyVersion"] = .number(0)
        file["surprise"] = .bool(true)
        var tasks = try #require(file["tasks"]?.arrayValue)
        tasks.append(
            task(
                "bad id", survey: "checkin",
                schedule: [.object(["anchor": .string("someday"), "every": .object(["fortnights": .number(1)])])]))
        file["tasks"] = .array(tasks)
        let found = try problems(file)
        #expect(found.contains("studyVersion: expected a whole number from 1 to 1000000"))
        #expect(found.contains("surprise: unknown member"))
        #expect(found.contains { $0.hasPrefix("tasks[\(Self.appended.task)].schedule[0].anchor:") })
        #expect(found.contains { $0.hasPrefix("tasks[\(Self.appended.task)].schedule[0].every:") })
    }

    @Test func anEngineSurveyProblemIsNamedInsideTheFile() throws {
        var file = try shipped()
        var surveys = try #require(file["surveys"]?.arrayValue)
        surveys.append(
            .object([
                "id": .string("broken"), "revision": .number(1),
                "languages": .object([
                    "en": .object([
                        "format": .string("recover.survey"), "version": .number(1), "id": .string("broken"),
                        "steps": .array([]),
                    ])
                ]),
            ]))
        file["surveys"] = .array(surveys)
        let found = try problems(file)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("surveys[\(Self.appended.survey)].languages.en: ") == true)
    }

    /// The engine measures shoulders too, but the participant pages explain only how to measure a knee: a
    /// shoulder step would be shown knee instructions, so the file is refused with the step named.
    @Test func aRangeOfMotionStepOnAnotherJointThanTheKneeIsNamed() throws {
        var study = RecoverStudy.shipped
        let index = try #require(study.surveys.firstIndex { $0.id == "rangeOfMotionCheck" })
        for language in study.surveys[index].languages.keys {
            let steps = try #require(study.surveys[index].languages[language]?.steps)
            let step = try #require(steps.firstIndex { $0.id == "knee.range.of.motion" })
            study.surveys[index].languages[language]?.steps[step].kind = .rangeOfMotion(
                JointMeasurement(joint: .shoulder, limb: .left))
        }
        let message = "step \"knee.range.of.motion\" measures the shoulder: the participant pages show how to measure"
        let data = try StudyFile.write(study)
        let found: [String]
        do {
            _ = try StudyFile.read(data)
            found = []
        } catch {
            found = error.problems.map(\.description)
        }
        #expect(
            found == [
                "surveys[\(index)].languages.en: \(message) a knee only",
                "surveys[\(index)].languages.zh-Hans: \(message) a knee only",
            ])
    }

    @Test func schedulesFollowTheParticipantsAnchors() throws {
        let anchors = StudyAnchors(
            joined: LocalDate("2027-01-10") ?? LocalDate(dayNumber: 0), onboarded: LocalDate("2027-01-11"),
            answers: ["onboarding.goals.surgeryDate": "2027-01-04"])
        let koosLike = StudyScheduleElement(
            anchor: .answer("onboarding.goals.surgeryDate"), from: .weeks(6), every: nil, windowDays: 14)
        let element = try #require(koosLike.element(for: anchors))
        #expect(element.start == LocalDate("2027-02-15")?.startOfDay)
        #expect(element.duration == .seconds(14 * 86_400))
        #expect(StudyScheduleElement(anchor: .answer("unknown"), every: .days(1)).element(for: anchors) == nil)
        let checkin = StudyScheduleElement(
            anchor: .onboarded, every: .days(1), time: .answer("t", fallback: LocalTime(hour: 8) ?? .midnight))
        #expect(checkin.element(for: anchors)?.start == LocalDateTime("2027-01-11T08:00"))
    }

    @Test func anAmendmentNeedsAHigherVersionAndRaisedRevisions() throws {
        let current = RecoverStudy.shipped
        var next = current
        #expect(throws: StudyFileError.self) { try StudyAmendment(from: current, to: next) }
        next.version = 2
        #expect(try StudyAmendment(from: current, to: next).isEmpty)
        next.surveys[1].revision = 2
        #expect(try StudyAmendment(from: current, to: next).lines == ["survey revised: checkin (revision 1 → 2)"])
    }
}

/// Outcome rules naming a survey's scores.
@Suite struct StudyFileScoreRuleTests {
    func problems(_ edit: (inout [String: JSONValue]) -> Void) throws -> [String] {
        let files = StudyFileTests()
        var object = try files.shipped()
        edit(&object)
        return try files.problems(object)
    }

    @Test func aRuleNamingAScoreIsReadAndWrittenBack() throws {
        let rule = JSONValue.object([
            "survey": .string("koos"), "score": .string("koos.pain"), "kind": .string("koos.pain.score"),
        ])
        #expect(try problems { $0["outcomes"] = .array([rule]) } == [])
        var object = try #require(JSONValue.parse(RecoverStudy.shippedFile)?.objectValue)
        object["outcomes"] = .array([rule])
        let study = try StudyFile.read(try JSONEncoder().encode(JSONValue.object(object)))
        #expect(
            study.outcomes == [StudyOutcomeRule(survey: "koos", source: .score("koos.pain"), kind: "koos.pain.score")])
        #expect(try StudyFile.read(try StudyFile.write(study)) == study)
    }

    @Test func aRuleNamingAMissingScoreOrBothKindsIsNamed() throws {
        let missing = JSONValue.object([
            "survey": .string("koos"), "score": .string("koos.total"), "kind": .string("koos.total"),
        ])
        let both = JSONValue.object([
            "survey": .string("koos"), "score": .string("koos.pain"), "step": .string("koos.pain"),
            "item": .string("koos.p1"), "kind": .string("k"), "colour": .string("red"),
        ])
        #expect(
            try problems { $0["outcomes"] = .array([missing]) } == [
                "outcomes[0].score: no score \"koos.total\" in survey \"koos\""
            ])
        #expect(
            try problems { $0["outcomes"] = .array([missing, both]) } == [
                "outcomes[1].colour: unknown member",
                "outcomes[1]: give either \"step\" and \"item\" (an answer) or \"score\"",
            ])
    }
}
