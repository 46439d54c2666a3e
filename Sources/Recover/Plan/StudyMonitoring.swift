/// What the research console watches in the Recover study: which task marks a participant as onboarded,
/// which daily task adherence is counted on, and which answer raises an alert from which score.
///
/// The console's queries (RecoverData) read these, so they name no study identifier themselves.
public enum StudyMonitoring {
    /// The task whose live outcome means the participant finished onboarding (consent included).
    public static let onboardingTask = StudyTaskID.onboarding
    /// The daily task adherence and missed days are counted on.
    public static let adherenceTask = StudyTaskID.checkin
    /// The outcome value kind of the adherence task that raises an alert when high.
    public static let alertKind = RecoverSurveys.Checkin.pain
    /// The score (of ``alertKind``) at or above which a participant's latest answer raises an alert.
    public static let alertThreshold = 8
}
