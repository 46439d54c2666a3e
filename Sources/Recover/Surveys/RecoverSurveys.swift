import Foundation
import Research

/// The Recover study's surveys as the shipped study file (`Study/recover.study.json`) defines them, per language, by
/// care task identifier, and the step and item identifiers pages and mappings name.
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

    /// The shipped study's onboarding in `language`, its consent step showing `consent` when given (a published
    /// version newer than the study file's).
    public static func onboarding(language: StudyLanguage = .english, consent: ConsentDocument? = nil) -> Survey {
        shipped(StudyTaskID.onboarding, language).signing(consent)
    }

    /// The shipped study's daily check-in in `language`.
    public static func checkin(language: StudyLanguage = .english) -> Survey { shipped(StudyTaskID.checkin, language) }

    /// The shipped study's knee range-of-motion measurement in `language`, written for the left knee: a participant
    /// whose right knee was operated on gets it for the right (``Survey/personalised(for:today:)``).
    public static func rangeOfMotionCheck(language: StudyLanguage = .english) -> Survey {
        shipped(StudyTaskID.rangeOfMotionCheck, language)
    }

    /// The shipped study's weekly recovery diary in `language`.
    public static func weeklyDiary(language: StudyLanguage = .english) -> Survey {
        shipped(StudyTaskID.weeklyDiary, language)
    }

    /// The shipped study's optional knee-bend video in `language`.
    public static func kneeBendVideo(language: StudyLanguage = .english) -> Survey {
        shipped(StudyTaskID.kneeBendVideo, language)
    }

    /// The shipped study's optional hearing screening in `language`.
    public static func hearingScreening(language: StudyLanguage = .english) -> Survey {
        shipped(StudyTaskID.hearingScreening, language)
    }

    /// A survey the shipped study file must have (``ShippedStudyTests`` checks that it does).
    private static func shipped(_ id: String, _ language: StudyLanguage) -> Survey {
        guard let survey = survey(id, language: language) else {
            fatalError("the shipped study file has no survey \(id)")
        }
        return survey
    }
}
