import Care

/// Which tasks of the Recover study remind the participant, and what a reminder calls them.
///
/// A timed event (the check-in at the time chosen in onboarding) reminds at its start; an all-day event (the
/// weekly diary) at ``Rule/allDayAt`` on its day, in the participant's zone. The reminder scheduler
/// (RecoverData) reads these, so it names no study task itself.
public enum StudyReminders {
    /// One task that reminds.
    public struct Rule: Sendable, Hashable {
        /// The study task id (`checkin`).
        public let studyTaskID: String
        /// When an all-day event of the task reminds, in the participant's zone.
        public let allDayAt: LocalTime
        /// The task's name in a reminder, by language (`en`, `zh-Hans`): a name only, never health data.
        public let titles: [String: String]

        /// The title in `language`, English when it has none.
        public func title(in language: String) -> String {
            titles[language] ?? titles[language.hasPrefix("zh") ? "zh-Hans" : "en"] ?? titles["en"] ?? studyTaskID
        }
    }

    /// The Recover study's reminders: the daily check-in and the weekly diary.
    public static let rules: [Rule] = [
        Rule(
            studyTaskID: StudyTaskID.checkin, allDayAt: LocalTime(hour: 9) ?? .midnight,
            titles: ["en": "your daily check-in", "zh-Hans": "每日打卡"]),
        Rule(
            studyTaskID: StudyTaskID.weeklyDiary, allDayAt: LocalTime(hour: 10) ?? .midnight,
            titles: ["en": "your weekly recovery diary", "zh-Hans": "每周康复日记"]),
    ]
}
