import Research

/// What one survey page post changes in the records, as decided by the caller from the ``SurveyState``.
public enum SurveyUpdate: Sendable {
    /// Nothing is stored (an invalid page, a refused post).
    case none
    /// The run is saved as the event's draft.
    case saveDraft(SurveyRun)
    /// The run is finished and stored as completed (``StudyDatabase/updateSurvey(_:account:now:_:)``).
    case complete(SurveyRun, survey: Survey)
    /// The run changes the event's stored answer: the outcome `outcomeID` is deleted (a tombstone, audited)
    /// and the run stored as completed, in the same transaction.
    case replace(SurveyRun, survey: Survey, outcomeID: String)
}
