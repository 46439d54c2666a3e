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
    /// The optional weekly knee-bend video for the therapist (front camera).
    public static let kneeBendVideo = "kneeBendVideo"
    /// The optional hearing screening (noise check and tone audiometry).
    public static let hearingScreening = "hearingScreening"

    /// Whether `id` can be a study task id: 1 to 64 letters, digits, `-` or `_` (a URL segment, and the part of a
    /// care task id after the participant's).
    public static func isWellFormed(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F
            }
    }
}
