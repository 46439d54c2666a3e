import Care
import Foundation
import Research
import Testing

@testable import Recover

/// The operated knee and the surgery date: asked in onboarding's goals step, and the surveys made for a
/// participant measuring and naming that knee.
@Suite struct OperatedKneeTests {
    let start = Date(timeIntervalSince1970: 1_777_000_000)
    let today = LocalDate(year: 2026, month: 3, day: 9) ?? LocalDate(dayNumber: 0)
    let right = SurgeryDetails(knee: .right, date: LocalDate(year: 2026, month: 2, day: 2))

    /// The goals step as the participant gets it on `today`.
    private func goals(language: StudyLanguage = .english) throws -> Step {
        let survey = try #require(RecoverSurveys.survey(StudyTaskID.onboarding, language: language))
        return try #require(
            survey.personalised(for: SurgeryDetails(knee: nil, date: nil), today: today).step("onboarding.goals"))
    }

    private func problems(_ page: String, in step: Step) throws -> [String] {
        let json = try #require(JSONValue.parse(Data(page.utf8)))
        switch step.parseSubmission(json: json, at: start) {
        case .failure(let errors): return errors.errors.compactMap(\.itemID)
        case .success(let submission):
            var run = try SurveyRun(survey: Survey(id: "goals", steps: [step]), runID: "r", startDate: start)
            switch run.submit(submission, for: step.id, in: Survey(id: "goals", steps: [step]), at: start) {
            case .failure(let errors): return errors.errors.compactMap(\.itemID)
            case .success: return []
            }
        }
    }

    @Test func goalsStepAsksTheKneeAndTheSurgeryDateBothRequiredInBothLanguages() throws {
        for language in StudyLanguage.allCases {
            let step = try goals(language: language)
            let knee = try #require(step.items.first { $0.id == "onboarding.goals.knee" })
            let date = try #require(step.items.first { $0.id == "onboarding.goals.surgeryDate" })
            #expect(!knee.isOptional && !date.isOptional)
            guard case .textChoice(let choice) = knee.answerFormat else {
                Issue.record("the knee is a choice")
                return
            }
            #expect(choice.style == .single && choice.choices.map(\.value) == ["left", "right"])
            #expect(
                knee.text == (language == .english ? "Which knee was operated on?" : "哪侧膝关节做了手术？"))
            #expect(date.text == (language == .english ? "Date of your surgery" : "手术日期"))
        }
        let missing = try problems(#"{"onboarding.goals.goal": "Run", "onboarding.goals.kneeBend": 110}"#, in: goals())
        #expect(missing == ["onboarding.goals.knee", "onboarding.goals.surgeryDate"])
    }

    @Test func surgeryDateIsRefusedInTheFutureAndMoreThanTwoYearsBack() throws {
        let step = try goals()
        let page = { (date: String) in
            #"{"onboarding.goals.knee": ["right"], "onboarding.goals.surgeryDate": "\#(date)", "onboarding.goals.goal": "Run", "onboarding.goals.kneeBend": 110}"#
        }
        #expect(try problems(page("2026-03-09"), in: step).isEmpty)
        #expect(try problems(page("2024-03-09"), in: step).isEmpty)
        #expect(try problems(page("2026-03-10"), in: step) == ["onboarding.goals.surgeryDate"])
        #expect(try problems(page("2024-03-08"), in: step) == ["onboarding.goals.surgeryDate"])
        #expect(try problems(page("2026-02-30"), in: step) == ["onboarding.goals.surgeryDate"])
        let knee =
            #"{"onboarding.goals.knee": ["both"], "onboarding.goals.surgeryDate": "2026-01-01", "onboarding.goals.goal": "Run", "onboarding.goals.kneeBend": 110}"#
        #expect(try problems(knee, in: step) == ["onboarding.goals.knee"])
        guard
            case .date(let format) = step.items.first(where: { $0.id == "onboarding.goals.surgeryDate" })?.answerFormat
        else {
            Issue.record("the surgery date is a date")
            return
        }
        #expect(format.minimum?.description == "2024-03-09" && format.maximum?.description == "2026-03-09")
    }

    @Test func detailsComeFromOnboardingValuesAndDefaultToTheLeftKnee() {
        let given = SurgeryDetails(onboardingValues: [
            OutcomeValue(.text("right"), kind: "onboarding.goals.knee"),
            OutcomeValue(.text("2026-02-02"), kind: "onboarding.goals.surgeryDate"),
        ])
        #expect(given == right && given.knee == .right)
        let before = SurgeryDetails(onboardingValues: [OutcomeValue(.text("Walk"), kind: "onboarding.goals.goal")])
        #expect(before.givenKnee == nil && before.knee == .left && before.date == nil)
        let garbled = SurgeryDetails(onboardingValues: [
            OutcomeValue(.text("both"), kind: "onboarding.goals.knee"),
            OutcomeValue(.text("yesterday"), kind: "onboarding.goals.surgeryDate"),
        ])
        #expect(garbled.knee == .left && garbled.date == nil)
        let values = [OutcomeValue(.text("Walk"), kind: "onboarding.goals.goal")] + given.outcomeValues
        let corrected = SurgeryDetails(knee: .left, date: today).replacing(in: values)
        #expect(SurgeryDetails(onboardingValues: corrected) == SurgeryDetails(knee: .left, date: today))
        #expect(corrected.first == OutcomeValue(.text("Walk"), kind: "onboarding.goals.goal") && corrected.count == 3)
    }

    @Test func rightKneeParticipantMeasuresAndReadsTheRightKnee() throws {
        let english = try #require(RecoverSurveys.survey(StudyTaskID.rangeOfMotionCheck))
        let survey = english.personalised(for: right, today: today)
        guard case .rangeOfMotion(let task) = survey.step("knee.range.of.motion")?.kind else {
            Issue.record("the measurement step")
            return
        }
        #expect(task.joint == .knee && task.limb == .right)
        let texts = survey.steps.flatMap { [$0.title, $0.text, $0.detail].compactMap { $0 } }.joined(separator: " ")
        #expect(texts.contains("right knee") && texts.contains("right foot") && !texts.contains("left"))
        let chinese = try #require(RecoverSurveys.survey(StudyTaskID.rangeOfMotionCheck, language: .simplifiedChinese))
        let zh = chinese.personalised(for: right, today: today).steps
            .flatMap { [$0.title, $0.text, $0.detail].compactMap { $0 } }.joined()
        #expect(zh.contains("右膝") && zh.contains("右脚") && !zh.contains("左"))
        // The diary's body model step names the right knee too; a survey without the knee is left as it is.
        let diary = try #require(RecoverSurveys.survey(StudyTaskID.weeklyDiary)).personalised(for: right, today: today)
        #expect(diary.steps.contains { $0.text?.contains("right knee") == true })
        let checkin = try #require(RecoverSurveys.survey(StudyTaskID.checkin))
        #expect(checkin.personalised(for: right, today: today) == checkin)
    }

    @Test func leftKneeAndParticipantsWhoNeverSaidKeepTheStudysSurvey() throws {
        let survey = try #require(RecoverSurveys.survey(StudyTaskID.rangeOfMotionCheck))
        #expect(survey.personalised(for: SurgeryDetails(knee: nil, date: nil), today: today) == survey)
        #expect(survey.personalised(for: SurgeryDetails(knee: .left, date: today), today: today) == survey)
    }

    @Test func theMeasuredResultAndItsOutcomeNameTheLimb() throws {
        let survey = try #require(RecoverSurveys.survey(StudyTaskID.rangeOfMotionCheck))
            .personalised(for: right, today: today)
        let step = try #require(survey.step("knee.range.of.motion"))
        let page = try #require(JSONValue.parse(Data(#"{"euler": [[0, 30, 0], [0, 80, 0], [0, 40, 0]]}"#.utf8)))
        let submission = try step.parseSubmission(json: page, at: start).get()
        guard case .rangeOfMotion(let measured) = submission.activity else {
            Issue.record("a measurement")
            return
        }
        #expect(measured.limb == .right)
        var run = try SurveyRun(survey: survey, runID: "run", startDate: start)
        _ = try run.submit(StepSubmission(), for: "rom.instruction", in: survey, at: start).get()
        _ = try run.submit(submission, for: step.id, in: survey, at: start).get()
        _ = try run.submit(StepSubmission(), for: "rom.completion", in: survey, at: start).get()
        let result = try run.finish(.completed, at: start)
        let json = String(decoding: try SurveyJSON.encode(result), as: UTF8.self)
        #expect(json.contains(#""limb":"right""#) || json.contains(#""limb" : "right""#))
        let values = try RecoverOutcomes.values(for: result)
        #expect(values.contains(OutcomeValue(.text("right"), kind: "range.limb")))
        // A result claiming the other side than its step measures is refused.
        var left = measured
        left.limb = .left
        var other = try SurveyRun(survey: survey, runID: "other", startDate: start)
        _ = try other.submit(StepSubmission(), for: "rom.instruction", in: survey, at: start).get()
        let refused = other.submit(StepSubmission(activity: .rangeOfMotion(left)), for: step.id, in: survey, at: start)
        guard case .failure = refused else {
            Issue.record("a left result for a right step must be refused")
            return
        }
    }

    @Test func kneeWordingNamesTheRightSideOnlyForTheRightKnee() {
        #expect(
            KneeWording.text("Bend your left knee; left foot flat.", knee: .right)
                == "Bend your right knee; right foot flat.")
        #expect(KneeWording.text("将手机贴在左小腿前侧，左膝", knee: .right) == "将手机贴在右小腿前侧，右膝")
        #expect(KneeWording.text("Bend your left knee.", knee: .left) == "Bend your left knee.")
    }
}
