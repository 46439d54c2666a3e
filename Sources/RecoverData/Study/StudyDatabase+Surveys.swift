import Care
import CareSQLite
import Cryptography
import Foundation
import Recover
import Research
import SQLite

extension StudyDatabase {
    /// One survey page post, in ONE write transaction: reads the participant (creating their plan on first
    /// use), the event and its draft, lets `decide` run the survey engine on them, then stores what it decided.
    /// `decide` runs on SQLite's one writer, so it only decides: the value it returns (the web's
    /// `SurveyDecision`) is rendered by the caller after the commit, never inside the transaction.
    ///
    /// Completing stores the result, the outcome, the draft's removal and, for onboarding, the consent record
    /// and the rest of the plan, all audited. It is idempotent by the run id, which is both the result's id
    /// and the outcome's id: a retried final post stores nothing twice. Throws ``StudyRecordError``
    /// (`.alreadyDone` when another run recorded this event first) and nothing of the post is kept.
    public func updateSurvey<Value>(
        _ key: StudyEventKey, account: Account, now: Date, _ decide: (SurveyState) throws -> (SurveyUpdate, Value)
    ) throws -> Value {
        let signingKey = signingKey
        return try database.write { db in
            let participant = try Self.participant(account, now: now, in: db)
            let state = try Self.surveyState(key, for: participant, in: db)
            let (update, value) = try decide(state)
            switch update {
            case .none:
                break
            case .saveDraft(let run):
                guard let event = state.event else { throw StudyRecordError(.noSuchEvent) }
                try SurveyDataStore.saveDraft(
                    SurveyDraftRecord(
                        patientID: participant.patientID, taskID: event.task.id, occurrence: key.occurrence,
                        json: try SurveyJSON.encode(run), updatedAt: now, studyVersion: state.study.version), in: db)
            case .replace(let run, let survey, let outcomeID):
                guard let event = state.event, event.outcome?.id == outcomeID, event.outcome?.isLive == true else {
                    throw StudyRecordError(.outOfDate)
                }
                db.auditActor = Self.actor(accountID: participant.patientID)
                _ = try db.care.deleteOutcome(id: outcomeID, at: participant.now)
                try Self.complete(
                    run, survey: survey, studyTaskID: key.studyTaskID, event: event, participant: participant,
                    signingKey: signingKey, in: db)
            case .complete(let run, let survey):
                guard let event = state.event else { throw StudyRecordError(.noSuchEvent) }
                try Self.complete(
                    run, survey: survey, studyTaskID: key.studyTaskID, event: event, participant: participant,
                    signingKey: signingKey, in: db)
            }
            return value
        }
    }

    /// Stores a finished run of `event` inside the caller's write transaction (see ``updateSurvey(_:account:now:_:)``).
    static func complete(
        _ run: SurveyRun, survey: Survey, studyTaskID: String, event: CareEvent, participant: ParticipantState,
        signingKey: SigningKey?, in db: StoreConnection
    ) throws {
        let result: SurveyResult
        do {
            result = try run.finish(.completed, at: participant.now)
        } catch {
            throw StudyRecordError(.incomplete)
        }
        try store(
            result, of: survey, task: event.task, occurrence: event.scheduleEvent.occurrence,
            studyTaskID: studyTaskID, participant: participant, actor: actor(accountID: participant.patientID),
            signingKey: signingKey, in: db)
    }

    /// Stores the completed `result` of occurrence `occurrence` of `task` inside the caller's write
    /// transaction, as every completion is stored: the survey result and the outcome (both with the run id,
    /// so a retry stores nothing twice), and for onboarding the consent record and the rest of the plan, all
    /// audited as `actor`. Returns the tasks it added.
    @discardableResult
    static func store(
        _ result: SurveyResult, of survey: Survey, task: CareTask, occurrence: Int, studyTaskID: String,
        participant: ParticipantState, actor: String, signingKey: SigningKey?, in db: StoreConnection
    ) throws -> [CareTask] {
        let study = try StudyVersionStore.inForce(in: db)
        let values: [OutcomeValue]
        do {
            values = try RecoverOutcomes.values(for: result, study: study)
        } catch {
            throw StudyRecordError(.incomplete)
        }
        let record = SurveyResultRecord(
            id: result.runID, patientID: participant.patientID, taskID: task.id, occurrence: occurrence,
            surveyID: survey.id, completedAt: result.endDate, json: try SurveyJSON.encode(result))
        let outcome = Outcome(
            id: result.runID, taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: occurrence,
            values: values, createdDate: result.endDate)
        var consent: ConsentRecord?
        var laterTasks: [CareTask] = []
        if studyTaskID == StudyTaskID.onboarding {
            consent = try consentRecord(
                from: result, runID: result.runID, participant: participant, survey: survey, in: db)
            let anchors = StudyAnchors(
                joined: task.effectiveDate.date, onboarded: participant.today,
                answers: StudyAnchors.answers(from: values, in: participant.zone))
            laterTasks = StudyPlan(study).tasksAfterOnboarding(
                patientID: participant.patientID, anchors: anchors)
        }
        db.auditActor = actor
        do {
            try SurveyDataStore.writeCompleted(
                record,
                with: { db in
                    _ = try db.care.addOutcome(outcome)
                    if let consent { try ConsentStore.add(consent, signingKey: signingKey, in: db) }
                    for task in laterTasks { _ = try db.care.addTask(task) }
                    let consentID =
                        try consent?.id ?? ConsentScope.participationRecord(patientID: participant.patientID, in: db)
                    if let consentID {
                        try ConsentScope.record(
                            "survey_result", record.id, participantID: participant.patientID, consentID: consentID,
                            at: result.endDate, in: db)
                    }
                }, in: db)
        } catch let error as CareStoreError {
            switch error {
            // Another run completed the same event first (another device): nothing of this one is kept.
            case .outcomeAlreadyRecorded: throw StudyRecordError(.alreadyDone)
            case .unknownTask, .unknownTaskVersion, .occurrenceNotFound: throw StudyRecordError(.noSuchEvent)
            default: throw error
            }
        }
        return laterTasks
    }

    /// The consent record of an onboarding result: the exact bytes of the document that was signed (in the
    /// language it was signed in, checked against the hash taken when it was posted) and the signature.
    static func consentRecord(
        from result: SurveyResult, runID: String, participant: ParticipantState, survey: Survey, in db: StoreConnection
    ) throws -> ConsentRecord {
        guard let step = survey.steps.first(where: { if case .consentDocument = $0.kind { true } else { false } }),
            case .consent(let consent) = result.stepResult(step.id)?.activity
        else { throw StudyRecordError(.signatureMissing) }
        return try consentRecord(
            consent, id: runID, documentID: ConsentLibrary.participation, participant: participant, in: db)
    }

    /// The record of signing `consent` (a consent step's result) for the current version of `documentID`:
    /// the exact bytes of the published text in the language signed, checked against the hash and version
    /// the page showed. A version published since the page was shown must be signed again (`.outOfDate`).
    static func consentRecord(
        _ consent: ConsentResult, id: String, documentID: String, participant: ParticipantState,
        in db: StoreConnection
    ) throws -> ConsentRecord {
        guard let signature = consent.signature, let png = signature.png else {
            throw StudyRecordError(.signatureMissing)
        }
        guard let current = try ConsentLibrary.current(documentID: documentID, in: db),
            let text = current.texts[consent.language]
        else { throw StudyRecordError(.outOfDate) }
        let record = ConsentRecord(
            id: id, patientID: participant.patientID, documentHTML: Data(text.html.utf8),
            documentVersion: consent.documentVersion, language: consent.language,
            printedName: signature.printedName, signatureStrokes: try SurveyJSON.encode(signature.strokes),
            signaturePNG: png, signedAt: signature.signedAt, utcOffset: signature.utcOffset,
            timeZoneIdentifier: participant.zone.identifier, signatureMeaning: consent.signatureMeaning)
        // The document changed since it was shown (a new version published mid-survey): it must be signed again.
        guard consent.documentSHA256 == record.documentSHA256, consent.documentVersion == current.version,
            consent.signatureMeaning == text.signatureMeaning
        else {
            throw StudyRecordError(.outOfDate)
        }
        return record
    }
}
