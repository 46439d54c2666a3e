import Care
import Foundation
import Research

/// The first version of the Recover study written with the Swift survey builders: the source the shipped study
/// file (`Study/recover.study.json`) was generated from. `ShippedStudyTests` keeps the two equal until the
/// builders are retired. Surveys and tasks written only in the file (the KOOS) are carried over from it.
enum RecoverStudyBuilder {
    static func definition() -> StudyDefinition {
        let languages = StudyLanguage.allCases
        func texts(_ english: String, _ chinese: String) -> [String: String] {
            [StudyLanguage.english.tag: english, StudyLanguage.simplifiedChinese.tag: chinese]
        }
        func survey(_ id: String) -> StudySurvey {
            var byLanguage: [String: Survey] = [:]
            for language in languages {
                if let survey = RecoverSurveys.builtSurvey(id, language: language) { byLanguage[language.tag] = survey }
            }
            return StudySurvey(id: id, revision: 1, languages: byLanguage)
        }
        let onboarded = StudyAnchor.onboarded
        let tasks = [
            StudyTask(
                id: StudyTaskID.onboarding, survey: StudyTaskID.onboarding,
                title: texts("Consent and onboarding", "参与同意与引导"),
                instructions: texts(
                    "Read and sign the consent, set up permissions and your recovery goals.",
                    "阅读并签署知情同意书，设置权限和康复目标。"),
                adherence: false,
                schedule: [StudyScheduleElement(anchor: .joined, every: .days(1))]),
            StudyTask(
                id: StudyTaskID.checkin, survey: StudyTaskID.checkin, title: texts("Check-in", "每日打卡"),
                instructions: texts("Tell us about your pain and your sleep.", "记录您的疼痛程度和睡眠时长。"),
                schedule: [
                    StudyScheduleElement(
                        anchor: onboarded, every: .days(1),
                        time: .answer(
                            RecoverSurveys.Onboarding.checkinTime, fallback: ParticipantPlan.defaultCheckinTime))
                ]),
            StudyTask(
                id: StudyTaskID.rangeOfMotionCheck, survey: StudyTaskID.rangeOfMotionCheck,
                title: texts("Range of motion", "活动范围"),
                instructions: texts("Measure how far you can bend your left knee.", "测量左膝能弯曲的角度。"),
                schedule: [
                    StudyScheduleElement(anchor: onboarded, until: .days(7), every: .days(1)),
                    StudyScheduleElement(anchor: onboarded, from: .days(7), until: .months(1), every: .weeks(1)),
                ]),
            StudyTask(
                id: StudyTaskID.weeklyDiary, survey: StudyTaskID.weeklyDiary,
                title: texts("Weekly recovery diary", "每周康复日记"),
                instructions: texts(
                    "Your health, pain, where it hurts, and a few words about your week.",
                    "您的健康状况、疼痛、疼痛部位，以及对本周的简短记录。"),
                schedule: [StudyScheduleElement(anchor: onboarded, every: .weeks(1))]),
            StudyTask(
                id: StudyTaskID.kneeBendVideo, survey: StudyTaskID.kneeBendVideo,
                title: texts("Knee bend video", "屈膝视频"),
                instructions: texts(
                    "Optional: a 15-second video of your knee bend for your therapist.", "可选：为治疗师录制一段 15 秒的屈膝视频。"),
                adherence: false,
                schedule: [StudyScheduleElement(anchor: onboarded, every: .weeks(1))]),
            StudyTask(
                id: StudyTaskID.hearingScreening, survey: StudyTaskID.hearingScreening,
                title: texts("Hearing screening", "听力筛查"),
                instructions: texts("Optional: a short hearing check with headphones.", "可选：使用耳机进行简短的听力检查。"),
                adherence: false,
                schedule: [StudyScheduleElement(anchor: onboarded, every: .weeks(4))]),
        ]
        let built = Set(RecoverSurveys.ids)
        let fileOnly = RecoverStudy.shipped.surveys.filter { !built.contains($0.id) }
        let fileOnlyTasks = RecoverStudy.shipped.tasks.filter { task in fileOnly.contains { $0.id == task.survey } }
        return StudyDefinition(
            id: "recover", version: 1, title: texts("Recover: knee surgery recovery study", "Recover：膝关节手术康复研究"),
            languages: languages.map(\.tag), surveys: RecoverSurveys.ids.map(survey) + fileOnly,
            tasks: tasks + fileOnlyTasks)
    }
}
