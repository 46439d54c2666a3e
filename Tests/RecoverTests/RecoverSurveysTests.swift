import Care
import Foundation
import Research
import Testing

@testable import Recover

@Suite struct RecoverSurveysTests {
    @Test(arguments: StudyLanguage.allCases)
    func everySurveyIsValidInEveryLanguage(_ language: StudyLanguage) throws {
        for id in RecoverSurveys.ids {
            let survey = try #require(RecoverSurveys.survey(id, language: language))
            #expect(survey.id == id)
            #expect(survey.validate().isEmpty, "\(id) \(language)")
            #expect(try SurveyJSON.decodeSurvey(SurveyJSON.encode(survey)) == survey)
        }
        #expect(RecoverSurveys.survey("nope", language: language) == nil)
    }

    @Test func surveyIdentifiersAreTheCareTaskIdentifiers() {
        #expect(
            RecoverSurveys.ids == [
                "onboarding", "checkin", "rangeOfMotionCheck", "weeklyDiary", "kneeBendVideo", "hearingScreening",
            ])
    }

    @Test func onboardingStepsAreInTheStudyOrder() {
        let survey = RecoverSurveys.onboarding()
        #expect(
            survey.steps.map(\.id) == [
                "onboarding.welcome", "onboarding.overview", "onboarding.signatureCapture",
                "onboarding.requestPermissionsStep", "onboarding.goals", "onboarding.completionStep",
            ]
        )
        guard case .instruction(let overview) = survey.steps[1].kind else {
            Issue.record("overview is an instruction")
            return
        }
        #expect(
            overview.bodyItems.map(\.iconName) == ["heart.fill", "checkmark.circle.fill", "signature", "lock.fill"])
        guard case .consentDocument(let document) = survey.steps[2].kind else {
            Issue.record("consent step")
            return
        }
        #expect(document.signatureAfterContent && document.language == "en")
        #expect(document.html.contains("Recover Study Informed Consent Form"))
        let goals = Array(survey.steps[4].items.dropFirst(2))
        #expect(
            survey.steps[4].items.map(\.id).prefix(2) == ["onboarding.goals.knee", "onboarding.goals.surgeryDate"])
        #expect(
            goals.map(\.id) == ["onboarding.goals.goal", "onboarding.goals.kneeBend", "onboarding.goals.checkinTime"])
        #expect(
            goals[0].answerFormat
                == .text(
                    TextFormat(
                        maximumLength: 280, multipleLines: true, showsCharacterCount: true, showsClearButton: true,
                        placeholder: "For example: walk my dog around the park again")))
        #expect(goals[1].answerFormat == .numeric(NumericFormat(style: .integer, unit: "°", minimum: 0, maximum: 150)))
    }

    @Test func chineseTextsComeFromTheChineseSeed() throws {
        let survey = RecoverSurveys.onboarding(language: .simplifiedChinese)
        #expect(survey.steps[0].title == "欢迎参与 Recover 研究")
        #expect(survey.steps.last?.title == "感谢您的参与")
        guard case .consentDocument(let document) = survey.steps[2].kind else {
            Issue.record("consent step")
            return
        }
        #expect(document.language == "zh-Hans" && document.html.contains("Recover 研究知情同意书"))
        #expect(StudyLanguage(tag: "zh-CN") == .simplifiedChinese && StudyLanguage(tag: "en-GB") == .english)
        #expect(StudyLanguage(tag: "fr") == nil)
    }

    @Test func checkinHasTwoRequiredScalesWithoutDefaults() {
        let form = RecoverSurveys.checkin().steps
        #expect(form.map(\.id) == ["checkin.form"])
        let items = form[0].items
        #expect(items.map(\.id) == ["checkin.form.pain", "checkin.form.sleep"])
        #expect(items.allSatisfy { !$0.isOptional })
        #expect(
            items[0].answerFormat
                == .scale(
                    ScaleFormat(
                        minimum: 1, maximum: 10, minimumDescription: "No pain", maximumDescription: "Very painful")))
        guard case .scale(let sleep) = items[1].answerFormat else {
            Issue.record("sleep is a scale")
            return
        }
        #expect(sleep.minimum == 0 && sleep.maximum == 12 && sleep.step == 1 && sleep.defaultValue == nil)
    }

    @Test func rangeOfMotionMeasuresTheLeftKneeThenSaysAllDone() {
        let survey = RecoverSurveys.rangeOfMotionCheck()
        #expect(survey.steps.map(\.id) == ["rom.instruction", "knee.range.of.motion", "rom.completion"])
        #expect(survey.steps[1].kind == .rangeOfMotion(JointMeasurement(joint: .knee, limb: .left)))
        #expect(survey.steps[2].title == "All done!")
        #expect(RecoverSurveys.rangeOfMotionCheck(language: .simplifiedChinese).steps[2].title == "全部完成！")
    }
}
