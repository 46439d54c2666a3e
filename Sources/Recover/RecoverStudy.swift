import Care
import Research

/// The Recover knee-surgery rehabilitation study: its care task identifiers.
public enum StudyTaskID {
    /// Consent and onboarding: daily, all day, until it has an outcome.
    public static let onboarding = "onboarding"
    /// The daily check-in: pain and sleep.
    public static let checkin = "checkin"
    /// The knee range-of-motion measurement.
    public static let rangeOfMotionCheck = "rangeOfMotionCheck"
    /// The weekly recovery diary: weekly, all day, from the day onboarding is completed.
    public static let weeklyDiary = "weeklyDiary"
}
