import Care
import CareSQLite
import Foundation
import Recover
import Research

/// Finishing a survey: the result, the outcome, the draft's removal and, for onboarding, the consent record
/// and the rest of the plan, all in one `database.write`.
///
/// Idempotent: the run id is both the result's id and the outcome's client id, so a replayed final post
/// stores nothing twice (``SurveyDataStore/writeCompleted(_:with:in:)`` skips the extra writes).
enum SurveyCompletion {
    static func finish(_ run: SurveyRun, event: StudyEvent, survey: Survey, study: StudyServices) throws {
        let participant = event.participant
        let now = participant.now
        let result: SurveyResult
        let values: [OutcomeValue]
        do {
            result = try run.finish(.completed, at: now)
            values = try RecoverOutcomes.values(for: result)
        } catch {
            throw HTTPError(.badRequest, "study.error.incomplete")
        }
        let record = SurveyResultRecord(
            id: run.runID, patientID: participant.patientID, taskID: event.taskID, occurrence: event.occurrence,
            surveyID: survey.id, completedAt: now, json: try SurveyJSON.encode(result))
        let outcome = Outcome(
            id: run.runID, taskID: event.taskID, taskVersionID: event.event.task.versionID,
            occurrenceIndex: event.occurrence, values: values, createdDate: now)
        var consent: ConsentRecord?
        var laterTasks: [CareTask] = []
        if event.studyTaskID == StudyTaskID.onboarding {
            consent = try consentRecord(from: result, runID: run.runID, participant: participant, survey: survey)
            laterTasks = ParticipantPlan.afterOnboarding(
                patientID: participant.patientID, completedOn: participant.today,
                checkinTime: ParticipantPlan.checkinTime(fromOnboarding: values))
        }
        let finalConsent = consent
        let tasks = laterTasks
        do {
            try study.database.write { db in
                db.auditActor = "account:\(participant.patientID)"
                try SurveyDataStore.writeCompleted(
                    record,
                    with: { db in
                        _ = try SQLiteCareStore.addOutcome(outcome, in: db)
                        if let finalConsent { try ConsentStore.add(finalConsent, in: db) }
                        for task in tasks { _ = try SQLiteCareStore.addTask(task, in: db) }
                    }, in: db)
            }
        } catch is CareStoreError {
            // Another run completed the same event first (another device): nothing of this one was kept.
            throw HTTPError(.conflict, "study.error.alreadyDone")
        }
    }

    /// The consent record of an onboarding result: the exact bytes of the document that was signed (in the
    /// language it was signed in, checked against the hash taken when it was posted) and the signature.
    static func consentRecord(
        from result: SurveyResult, runID: String, participant: ParticipantContext, survey: Survey
    ) throws -> ConsentRecord {
        guard let step = survey.steps.first(where: { if case .consentDocument = $0.kind { true } else { false } }),
            case .consent(let consent) = result.stepResult(step.id)?.activity,
            let signature = consent.signature, let png = signature.png,
            let language = StudyLanguage(rawValue: consent.language)
        else { throw HTTPError(.badRequest, "survey.error.signatureEmpty") }
        let document = ConsentDocuments.consent(language: language)
        let record = ConsentRecord(
            id: runID, patientID: participant.patientID, documentHTML: Data(document.html.utf8),
            documentVersion: consent.documentVersion, language: consent.language,
            printedName: signature.printedName, signatureStrokes: try SurveyJSON.encode(signature.strokes),
            signaturePNG: png, signedAt: signature.signedAt, utcOffset: signature.utcOffset,
            timeZoneIdentifier: participant.zone.identifier, signatureMeaning: consent.signatureMeaning)
        // The document changed since it was shown (a new version shipped mid-survey): it must be signed again.
        guard consent.documentSHA256 == record.documentSHA256, consent.documentVersion == document.version else {
            throw HTTPError(.conflict, "study.error.outOfDate")
        }
        return record
    }
}
