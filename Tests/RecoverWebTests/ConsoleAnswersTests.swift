import Care
import Foundation
import Recover
import Research
import Testing
import Web

@testable import RecoverWeb

/// The console's reading of survey results: questions and labels as the participant saw them, and the
/// active tasks' measurements, in English and Chinese.
@Suite struct ConsoleAnswersTests {
    let start = Date(timeIntervalSince1970: 1_780_000_000)

    func result(_ survey: String, _ steps: [StepResult]) -> SurveyResult {
        SurveyResult(
            surveyID: survey, runID: "run-1", startDate: start, endDate: start, finishReason: .completed,
            stepResults: steps)
    }

    @Test func hearingThresholdsArePerEarAndRisingFrequency() {
        let tones = StepResult(
            stepID: RecoverSurveys.HearingScreening.tones, endDate: start,
            activity: .audiometry(["right:1000": 25, "left:4000": 35.4, "left:1000": 20, "left:500": 15]))
        let noise = StepResult(
            stepID: RecoverSurveys.HearingScreening.noise, endDate: start,
            activity: .noiseCheck(readings: [31.2, 38.6, 35], passed: true))
        let english = ConsoleAnswers.lines(
            result(StudyTaskID.hearingScreening, [noise, tones]), studyTask: StudyTaskID.hearingScreening,
            zone: .gmt, t: Localizer(.english))
        #expect(
            english.map(\.answer) == [
                "quiet enough (loudest 39 dBA)",
                "Left ear: 500 Hz 15 dB, 1000 Hz 20 dB, 4000 Hz 35 dB · Right ear: 1000 Hz 25 dB",
            ])
        let chinese = ConsoleAnswers.lines(
            result(StudyTaskID.hearingScreening, [tones]), studyTask: StudyTaskID.hearingScreening, zone: .gmt,
            t: Localizer(.simplifiedChinese))
        #expect(chinese.first?.answer == "左耳：500 Hz 15 dB, 1000 Hz 20 dB, 4000 Hz 35 dB · 右耳：1000 Hz 25 dB")
        #expect(ConsoleAnswers.hearing([:], t: Localizer(.english)) == "No thresholds measured")
    }

    @Test func aVideoShowsItsLengthAndARangeOfMotionItsDegrees() {
        let video = StepResult(
            stepID: RecoverSurveys.KneeBendVideo.recording, endDate: start,
            activity: .file(FileResult(contentType: "video/webm", byteCount: 1_200_000, sha256: "ab", duration: 11.6)))
        let lines = ConsoleAnswers.lines(
            result(StudyTaskID.kneeBendVideo, [video]), studyTask: StudyTaskID.kneeBendVideo, zone: .gmt,
            t: Localizer(.english))
        #expect(lines.map(\.answer) == ["Video of 12 s"])
        let measured = ConsoleAnswers.activityLine(
            .rangeOfMotion(
                RangeOfMotionResult(
                    start: 10, finish: 80.04, minimum: nil, maximum: nil, range: 70.00000000000003,
                    orientation: .portrait, samples: [])), step: nil, t: Localizer(.english))
        #expect(measured == .init(question: "Range of motion", answer: "70°"))
    }

    @Test func outcomeValuesAreNamedNotShownByTheirKind() {
        let t = Localizer(.english)
        #expect(ConsoleAnswers.outcomeValue(OutcomeValueFixture.rung, t: t) == ("Health", "Rung 6"))
        #expect(ConsoleAnswers.outcomeValue(OutcomeValueFixture.part, t: t) == ("Where it hurts", "Kneecap (patella)"))
        #expect(ConsoleAnswers.outcomeValue(OutcomeValueFixture.hearing, t: t) == ("Left ear 1000 Hz", "20 dB"))
        #expect(ConsoleAnswers.outcomeValue(OutcomeValueFixture.preferNot, t: t) == ("Pain", "Prefer not to answer"))
        #expect(
            ConsoleAnswers.outcomeValue(OutcomeValueFixture.preferNot, t: Localizer(.simplifiedChinese))
                == ("疼痛", "不愿回答"))
    }
}

enum OutcomeValueFixture {
    static let rung = OutcomeValue(.integer(6), kind: DiaryOutcomeMapping.Kind.health)
    static let part = OutcomeValue(.text("patella"), kind: DiaryOutcomeMapping.Kind.bodyParts)
    static let hearing = OutcomeValue(.double(20), kind: "hearing.left.1000", unit: "dB")
    static let preferNot = OutcomeValue(.boolean(true), kind: DiaryOutcomeMapping.Kind.painDontKnow)
}
