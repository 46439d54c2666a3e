import Care
import Foundation
import Recover
import Research

/// A completed survey as it is stored, made before the write transaction: the result, its JSON row and the
/// outcome with its values (the run id is both the result's and the outcome's id).
struct SurveyCompletion {
    /// The finished run's result.
    let result: SurveyResult
    /// The outcome's values, mapped from the answers by the study in force.
    let values: [OutcomeValue]
    /// The `survey_result` row, with the result's JSON.
    let record: SurveyResultRecord
    /// The care outcome of the event.
    let outcome: Outcome
    /// The study in force the values were mapped with.
    let study: StudyDefinition

    /// The completion of `result` for occurrence `occurrence` of `task`; `.incomplete` when the answers do
    /// not map to outcome values.
    init(
        _ result: SurveyResult, of survey: Survey, task: CareTask, occurrence: Int, participant: ParticipantState,
        study: StudyDefinition
    ) throws {
        do {
            values = try RecoverOutcomes.values(for: result, study: study)
        } catch {
            throw StudyRecordError(.incomplete)
        }
        self.result = result
        self.study = study
        record = SurveyResultRecord(
            id: result.runID, patientID: participant.patientID, taskID: task.id, occurrence: occurrence,
            surveyID: survey.id, completedAt: result.endDate, json: try SurveyJSON.encode(result))
        outcome = Outcome(
            id: result.runID, taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: occurrence,
            values: values, createdDate: result.endDate)
    }
}

/// What a ``SurveyUpdate`` stores, with its JSON and values made before the write transaction; nil for
/// ``SurveyUpdate/none``.
enum PreparedSurveyUpdate {
    /// The run's JSON, saved as the event's draft.
    case saveDraft(Data)
    /// The completion stored, after the outcome `replacing` (when there is one) is deleted.
    case complete(SurveyCompletion, survey: Survey, replacing: String?)

    /// What `update` stores for the event of `state`, with the study in force `inForce`.
    init?(_ update: SurveyUpdate, state: SurveyState, inForce: StudyDefinition) throws {
        switch update {
        case .none:
            return nil
        case .saveDraft(let run):
            self = .saveDraft(try SurveyJSON.encode(run))
        case .complete(let run, let survey):
            self = .complete(
                try Self.completion(run, survey: survey, state: state, inForce: inForce), survey: survey,
                replacing: nil)
        case .replace(let run, let survey, let outcomeID):
            self = .complete(
                try Self.completion(run, survey: survey, state: state, inForce: inForce), survey: survey,
                replacing: outcomeID)
        }
    }

    private static func completion(
        _ run: SurveyRun, survey: Survey, state: SurveyState, inForce: StudyDefinition
    ) throws -> SurveyCompletion {
        guard let event = state.event else { throw StudyRecordError(.noSuchEvent) }
        let result: SurveyResult
        do {
            result = try run.finish(.completed, at: state.participant.now)
        } catch {
            throw StudyRecordError(.incomplete)
        }
        return try SurveyCompletion(
            result, of: survey, task: event.task, occurrence: event.scheduleEvent.occurrence,
            participant: state.participant, study: inForce)
    }
}
