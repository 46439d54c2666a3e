import Foundation
import Research

/// The Recover study's surveys, per language, by care task identifier.
///
/// ```swift
/// let survey = RecoverSurveys.survey(StudyTaskID.checkin, language: .simplifiedChinese)
/// ```
public enum RecoverSurveys {
    /// The identifiers of the built-in surveys, which are also their care task identifiers.
    public static let ids = [
        StudyTaskID.onboarding, StudyTaskID.checkin, StudyTaskID.rangeOfMotionCheck, StudyTaskID.weeklyDiary,
        StudyTaskID.kneeBendVideo, StudyTaskID.hearingScreening,
    ]

    /// The shipped study's survey with `id` in `language`, or `nil` when there is none.
    public static func survey(_ id: String, language: StudyLanguage = .english) -> Survey? {
        RecoverStudy.shipped.studySurvey(id)?.survey(language: language.tag, fallback: StudyLanguage.english.tag)
    }

    /// The survey with `id` in `language` as the Swift builders make it (the source of the shipped study file).
    static func builtSurvey(_ id: String, language: StudyLanguage = .english) -> Survey? {
        switch id {
        case StudyTaskID.onboarding: onboarding(language: language)
        case StudyTaskID.checkin: checkin(language: language)
        case StudyTaskID.rangeOfMotionCheck: rangeOfMotionCheck(language: language)
        case StudyTaskID.weeklyDiary: weeklyDiary(language: language)
        case StudyTaskID.kneeBendVideo: kneeBendVideo(language: language)
        case StudyTaskID.hearingScreening: hearingScreening(language: language)
        default: nil
        }
    }

    /// Step identifiers of the onboarding survey.
    public enum Onboarding {
        /// The welcome step.
        public static let welcome = "onboarding.welcome"
        /// The "Before you join" overview.
        public static let overview = "onboarding.overview"
        /// The consent document with signature.
        public static let signature = "onboarding.signatureCapture"
        /// The permissions request.
        public static let permissions = "onboarding.requestPermissionsStep"
        /// The recovery goals form.
        public static let goals = "onboarding.goals"
        /// The operated knee, `left` or `right` (outcome value `.text`, the same kind).
        public static let operatedKnee = "onboarding.goals.knee"
        /// The surgery date, `yyyy-MM-dd` (outcome value `.text`, the same kind); schedules may count from it.
        public static let surgeryDate = "onboarding.goals.surgeryDate"
        /// The goal in the participant's own words.
        public static let goalText = "onboarding.goals.goal"
        /// The target knee bend in degrees (0...150).
        public static let targetKneeBend = "onboarding.goals.kneeBend"
        /// The preferred check-in time of day.
        public static let checkinTime = "onboarding.goals.checkinTime"
        /// The completion step.
        public static let completion = "onboarding.completionStep"
    }

    /// Step and item identifiers of the check-in survey.
    public enum Checkin {
        /// The check-in form.
        public static let form = "checkin.form"
        /// Pain, 1...10.
        public static let pain = "checkin.form.pain"
        /// Sleep in hours, 0...12.
        public static let sleep = "checkin.form.sleep"
    }

    /// Step identifiers of the range-of-motion survey.
    public enum RangeOfMotionCheck {
        /// The instructions.
        public static let instruction = "rom.instruction"
        /// The measurement (of the participant's operated knee; the study file's step says the left).
        public static let measurement = "knee.range.of.motion"
        /// The completion step.
        public static let completion = "rom.completion"
    }

    /// The daily check-in: pain 1-10 and sleep 0-12 hours, both required, no defaults.
    public static func checkin(language: StudyLanguage = .english) -> Survey {
        let text = CheckinStrings(language)
        let pain = FormItem(
            id: Checkin.pain,
            text: text.painQuestion,
            answerFormat: .scale(
                ScaleFormat(
                    minimum: 1,
                    maximum: 10,
                    step: 1,
                    minimumDescription: text.noPain,
                    maximumDescription: text.veryPainful
                )
            )
        )
        let sleep = FormItem(
            id: Checkin.sleep,
            text: text.sleepQuestion,
            answerFormat: .scale(
                ScaleFormat(
                    minimum: 0,
                    maximum: 12,
                    step: 1,
                    minimumDescription: text.noSleep,
                    maximumDescription: text.muchSleep
                )
            )
        )
        let form = Step(id: Checkin.form, title: text.title, text: text.instructions, kind: .form([pain, sleep]))
        return Survey(id: StudyTaskID.checkin, steps: [form])
    }

    /// The knee range-of-motion measurement with a custom completion ("All done!"), written for the left knee:
    /// a participant whose right knee was operated on gets it for the right (``Survey/personalised(for:today:)``).
    public static func rangeOfMotionCheck(language: StudyLanguage = .english) -> Survey {
        let text = RangeOfMotionStrings(language)
        return Survey(
            id: StudyTaskID.rangeOfMotionCheck,
            steps: [
                Step(
                    id: RangeOfMotionCheck.instruction,
                    title: text.title,
                    text: text.instructions,
                    detail: text.detail,
                    kind: .instruction(Instruction(imageName: "knee_range_of_motion"))
                ),
                Step(
                    id: RangeOfMotionCheck.measurement,
                    title: text.measureTitle,
                    text: text.measureText,
                    kind: .rangeOfMotion(RangeOfMotionTask(joint: .knee, limb: .left))
                ),
                Step(id: RangeOfMotionCheck.completion, title: text.doneTitle, text: text.doneText, kind: .completion),
            ]
        )
    }
}
