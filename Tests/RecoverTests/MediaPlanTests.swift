import Care
import Recover
import Research
import Testing

@Suite struct MediaPlanTests {
    let day = LocalDate(year: 2026, month: 3, day: 2) ?? LocalDate(dayNumber: 0)

    @Test func optionalTasksStartOnOnboardingDayAndDoNotCountTowardAdherence() throws {
        let tasks = ParticipantPlan.afterOnboarding(patientID: "p", completedOn: day)
        let video = try #require(tasks.first { $0.groupIdentifier == StudyTaskID.kneeBendVideo })
        let hearing = try #require(tasks.first { $0.groupIdentifier == StudyTaskID.hearingScreening })
        #expect(!video.impactsAdherence && !hearing.impactsAdherence)
        #expect(video.schedule.elements.first?.interval == .weeks(1))
        #expect(video.schedule.elements.first?.duration == .allDay)
        #expect(video.schedule.elements.first?.start == day.startOfDay)
        #expect(hearing.schedule.elements.first?.interval == .weeks(4))
    }

    @Test func kneeBendVideoHasInstructionCameraAndCompletionInBothLanguages() {
        for language in [StudyLanguage.english, .simplifiedChinese] {
            let survey = RecoverSurveys.kneeBendVideo(language: language)
            #expect(survey.steps.map(\.id) == ["kneeVideo.instruction", "kneeVideo.recording", "kneeVideo.completion"])
            #expect(
                survey.steps[1].kind
                    == .frontCameraRecording(
                        CameraRecording(maximumDuration: 15, allowsReview: true, allowsRetry: true)))
            #expect(survey.validate().isEmpty)
        }
    }

    @Test func hearingScreeningChecksNoiseThenTones() {
        let survey = RecoverSurveys.hearingScreening(language: .simplifiedChinese)
        #expect(
            survey.steps.map(\.id) == ["hearing.instruction", "hearing.noise", "hearing.tones", "hearing.completion"])
        #expect(survey.validate().isEmpty)
    }
}
