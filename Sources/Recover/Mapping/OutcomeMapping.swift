import Care
import Foundation
import Research

/// Turns a completed survey result into the outcome values recorded for its care event.
public protocol OutcomeMapping: Sendable {
    /// The values for `result`; throws when the result is not a completed run of the expected survey.
    func outcomeValues(from result: SurveyResult) throws(MappingError) -> [OutcomeValue]
}

/// A survey result that cannot become outcome values; says why without repeating any answer.
public struct MappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words a person can act on.
    public var message: String

    /// Creates a `MappingError` from its members.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }

    /// Refuses a result that is not a completed run of `surveyID`.
    static func check(_ result: SurveyResult, is surveyID: String) throws(MappingError) {
        guard result.surveyID == surveyID else {
            throw MappingError("a result of '\(result.surveyID)' is not a '\(surveyID)' result")
        }
        guard result.finishReason == .completed else {
            throw MappingError(
                "only a completed survey has outcome values (this one was \(result.finishReason.rawValue))")
        }
    }
}

/// The outcome mappers of the Recover study, by survey (care task) identifier.
public enum RecoverOutcomes {
    /// The mapper for a survey identifier.
    public static func mapper(for surveyID: String) -> (any OutcomeMapping)? {
        switch surveyID {
        case StudyTaskID.onboarding: OnboardingOutcomeMapping()
        case StudyTaskID.checkin: CheckinOutcomeMapping()
        case StudyTaskID.rangeOfMotionCheck: RangeOfMotionOutcomeMapping()
        case StudyTaskID.weeklyDiary: DiaryOutcomeMapping()
        case StudyTaskID.kneeBendVideo: KneeBendVideoOutcomeMapping()
        case StudyTaskID.hearingScreening: HearingScreeningOutcomeMapping()
        default: nil
        }
    }

    /// The outcome values of a result of a survey of `study`: the built-in mapping of a Recover survey, else the
    /// study file's rules.
    public static func values(for result: SurveyResult, study: StudyDefinition) throws(MappingError) -> [OutcomeValue] {
        let mapper = mapper(for: result.surveyID) ?? StudyFileOutcomeMapping(study: study)
        return try mapper.outcomeValues(from: result)
    }

    /// The outcome values of a result of any Recover survey.
    public static func values(for result: SurveyResult) throws(MappingError) -> [OutcomeValue] {
        guard let mapper = mapper(for: result.surveyID) else {
            throw MappingError("no outcome mapping for survey '\(result.surveyID)'")
        }
        return try mapper.outcomeValues(from: result)
    }
}
