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
    ///
    /// The post is first decided from a read snapshot, with the result's JSON and the outcome's values made
    /// there too, so the writer's one thread only checks that the participant's feed counters
    /// (``FeedVersion``, bumped by triggers on everything `decide` is given) are still those of the snapshot,
    /// and inserts. When they moved (a write in between), or the participant's plan must be created or their
    /// zone changed, the post is decided again inside the write: `decide` may run twice and must do nothing
    /// but decide. A post that stores nothing makes no write.
    ///
    /// Completing stores the result, the outcome, the draft's removal and, for onboarding, the consent record
    /// and the rest of the plan, all audited. It is idempotent by the run id, which is both the result's id
    /// and the outcome's id: a retried final post stores nothing twice. Throws ``StudyRecordError``
    /// (`.alreadyDone` when another run recorded this event first) and nothing of the post is kept.
    public func updateSurvey<Value>(
        _ key: StudyEventKey, account: Account, now: Date, _ decide: (SurveyState) throws -> (SurveyUpdate, Value)
    ) throws -> Value {
        let signingKey = signingKey
        if let snapshot = try database.read({ db in try Self.snapshot(key, account: account, now: now, in: db) }) {
            let (update, value) = try decide(snapshot.state)
            guard let prepared = try PreparedSurveyUpdate(update, state: snapshot.state, inForce: snapshot.inForce)
            else { return value }
            let stored = try database.write { db in
                guard try FeedVersionStore.version(participantID: account.id, in: db) == snapshot.version else {
                    return false
                }
                try Self.apply(prepared, key: key, state: snapshot.state, signingKey: signingKey, in: db)
                return true
            }
            if stored { return value }
        }
        return try database.write { db in
            let participant = try Self.participant(account, now: now, in: db)
            let state = try Self.surveyState(key, for: participant, in: db)
            let (update, value) = try decide(state)
            if let prepared = try PreparedSurveyUpdate(
                update, state: state, inForce: try StudyVersionStore.inForce(in: db))
            {
                try Self.apply(prepared, key: key, state: state, signingKey: signingKey, in: db)
            }
            return value
        }
    }

    /// The participant's state and the event's, read after their feed counters in one read transaction; nil
    /// when the participant's plan must first be created or their zone changed (a write).
    static func snapshot(
        _ key: StudyEventKey, account: Account, now: Date, in db: StoreConnection
    ) throws -> (state: SurveyState, version: FeedVersion, inForce: StudyDefinition)? {
        // The counters first: a write after this read makes the write's check see other ones.
        let version = try FeedVersionStore.version(participantID: account.id, in: db)
        let zone = TimeZone(identifier: account.zoneIdentifier) ?? .gmt
        guard try db.care.patient(id: account.id)?.timeZoneIdentifier == zone.identifier else { return nil }
        let onboarded = try db.care.outcomes(
            OutcomeQuery(taskIDs: [ParticipantPlan.taskID(StudyTaskID.onboarding, patientID: account.id)], limit: 1))
        let participant = state(
            account, zone: zone, now: now, onboarded: onboarded,
            consents: try ConsentLibrary.standings(patientID: account.id, in: db))
        return (
            try surveyState(key, for: participant, in: db), version, try StudyVersionStore.inForce(in: db)
        )
    }

    /// Stores `prepared` inside the caller's write transaction, for the participant and event of `state`.
    static func apply(
        _ prepared: PreparedSurveyUpdate, key: StudyEventKey, state: SurveyState, signingKey: SigningKey?,
        in db: StoreConnection
    ) throws {
        let participant = state.participant
        db.auditActor = actor(accountID: participant.patientID)
        switch prepared {
        case .saveDraft(let json):
            guard let event = state.event else { throw StudyRecordError(.noSuchEvent) }
            try SurveyDataStore.saveDraft(
                SurveyDraftRecord(
                    patientID: participant.patientID, taskID: event.task.id, occurrence: key.occurrence, json: json,
                    updatedAt: participant.now, studyVersion: state.study.version), in: db)
        case .complete(let completion, let survey, let replacing):
            if let outcomeID = replacing {
                guard let event = state.event, event.outcome?.id == outcomeID, event.outcome?.isLive == true else {
                    throw StudyRecordError(.outOfDate)
                }
                _ = try db.care.deleteOutcome(id: outcomeID, at: participant.now)
            }
            guard let event = state.event else { throw StudyRecordError(.noSuchEvent) }
            try store(
                completion, of: survey, task: event.task, studyTaskID: key.studyTaskID, participant: participant,
                actor: actor(accountID: participant.patientID), signingKey: signingKey, in: db)
        }
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
        let completion = try SurveyCompletion(
            result, of: survey, task: task, occurrence: occurrence, participant: participant,
            study: try StudyVersionStore.inForce(in: db))
        return try store(
            completion, of: survey, task: task, studyTaskID: studyTaskID, participant: participant, actor: actor,
            signingKey: signingKey, in: db)
    }

    /// Stores `completion` (made outside the transaction) inside the caller's write transaction; see
    /// ``store(_:of:task:occurrence:studyTaskID:participant:actor:signingKey:in:)``.
    @discardableResult
    static func store(
        _ completion: SurveyCompletion, of survey: Survey, task: CareTask, studyTaskID: String,
        participant: ParticipantState, actor: String, signingKey: SigningKey?, in db: StoreConnection
    ) throws -> [CareTask] {
        let result = completion.result
        let record = completion.record
        var consent: ConsentRecord?
        var laterTasks: [CareTask] = []
        if studyTaskID == StudyTaskID.onboarding {
            consent = try consentRecord(
                from: result, runID: result.runID, participant: participant, survey: survey, in: db)
            let anchors = StudyAnchors(
                joined: task.effectiveDate.date, onboarded: participant.today,
                answers: StudyAnchors.answers(from: completion.values, in: participant.zone))
            laterTasks = StudyPlan(completion.study).tasksAfterOnboarding(
                patientID: participant.patientID, anchors: anchors)
        }
        db.auditActor = actor
        do {
            try SurveyDataStore.writeCompleted(
                record,
                with: { db in
                    _ = try db.care.addOutcome(completion.outcome)
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
