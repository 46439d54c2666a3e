import Research

/// What one survey page post changes in the records, as decided by the caller from the ``SurveyState``.
public enum SurveyUpdate: Sendable {
    /// Nothing is stored (an invalid page, a refused post).
    case none
    /// The run is saved as the event's draft.
    case saveDraft(SurveyRun)
    /// The run is finished and stored as completed (``StudyDatabase/updateSurvey(_:account:now:_:)``).
    case complete(SurveyRun, survey: Survey)
}
