import Care
import CareSQLite
import Foundation
import Recover
import Research
import SQLite

extension StudyDatabase {
    /// The participant of `account` at `now`: one read, and a write only on first use (their patient record,
    /// care plan and onboarding task are created) or after their time zone changed.
    public func participant(_ account: Account, now: Date) throws -> ParticipantState {
        let zone = TimeZone(identifier: account.zoneIdentifier) ?? .gmt
        let onboardingTaskID = ParticipantPlan.taskID(StudyTaskID.onboarding, patientID: account.id)
        let (patient, onboarded, consents) = try database.read { db in
            (
                try db.care.patient(id: account.id),
                try db.care.outcomes(OutcomeQuery(taskIDs: [onboardingTaskID], limit: 1)),
                try ConsentLibrary.standings(patientID: account.id, in: db)
            )
        }
        if patient?.timeZoneIdentifier == zone.identifier {
            return Self.state(account, zone: zone, now: now, onboarded: onboarded, consents: consents)
        }
        return try database.write { db in try Self.participant(account, now: now, in: db) }
    }

    /// ``participant(_:now:)`` inside the caller's write transaction.
    static func participant(
        _ account: Account, now: Date, actor: String? = nil, in db: StoreConnection
    ) throws -> ParticipantState {
        let zone = TimeZone(identifier: account.zoneIdentifier) ?? .gmt
        let patientID = account.id
        let today = LocalDateTime(instant: now, in: zone).date
        db.auditActor = actor ?? Self.actor(accountID: patientID)
        if var existing = try db.care.patient(id: patientID) {
            if existing.timeZoneIdentifier != zone.identifier {
                existing.timeZoneIdentifier = zone.identifier
                _ = try db.care.updatePatient(existing)
            }
        } else {
            let joined = min(LocalDateTime(instant: account.createdAt, in: zone).date, today)
            _ = try db.care.addPatient(
                Patient(id: patientID, name: account.email, timeZoneIdentifier: zone.identifier))
            let (plan, _) = ParticipantPlan.initial(patientID: patientID, joinedOn: joined)
            let tasks = StudyPlan(try StudyVersionStore.inForce(in: db)).tasksOnJoining(
                patientID: patientID, anchors: StudyAnchors(joined: joined))
            _ = try db.care.addCarePlan(plan)
            for task in tasks { _ = try db.care.addTask(task) }
        }
        let onboardingTaskID = ParticipantPlan.taskID(StudyTaskID.onboarding, patientID: patientID)
        let onboarded = try db.care.outcomes(OutcomeQuery(taskIDs: [onboardingTaskID], limit: 1))
        return state(
            account, zone: zone, now: now, onboarded: onboarded,
            consents: try ConsentLibrary.standings(patientID: patientID, in: db))
    }

    private static func state(
        _ account: Account, zone: TimeZone, now: Date, onboarded: [Outcome], consents: [ConsentStanding]
    ) -> ParticipantState {
        ParticipantState(
            account: account, zone: zone, now: now, today: LocalDateTime(instant: now, in: zone).date,
            isOnboarded: ParticipantPlan.isOnboarded(onboardingOutcomes: onboarded), consents: consents,
            surgery: SurgeryDetails(onboardingValues: onboarded.first { $0.isLive }?.values ?? []))
    }

    /// The event `key` of the participant and its saved draft, in one read.
    public func surveyState(_ key: StudyEventKey, for participant: ParticipantState) throws -> SurveyState {
        try database.read { db in try Self.surveyState(key, for: participant, in: db) }
    }

    static func surveyState(
        _ key: StudyEventKey, for participant: ParticipantState, in db: StoreConnection
    ) throws -> SurveyState {
        let taskID = participant.taskID(key.studyTaskID)
        let zone = participant.zone
        var event: CareEvent?
        if let task = try db.care.tasks(CareTaskQuery(ids: [taskID])).first,
            let scheduled = task.schedule.event(occurrence: key.occurrence, in: zone)
        {
            let query = EventQuery(day: scheduled.day, timeZoneIdentifier: zone.identifier, taskIDs: [taskID])
            event = try db.care.events(query).first { $0.scheduleEvent.occurrence == key.occurrence }
        }
        let draft =
            event == nil
            ? nil
            : try SurveyDataStore.draft(
                patientID: participant.patientID, taskID: taskID, occurrence: key.occurrence, in: db)
        let study =
            try draft?.studyVersion.flatMap { try StudyVersionStore.definition(version: $0, in: db) }
            ?? StudyVersionStore.inForce(in: db)
        return SurveyState(participant: participant, event: event, draft: draft, study: study)
    }

    /// One day of the participant's feed and its week, with the events that have a saved draft
    /// (`taskID/occurrence`), in one read.
    public func feed(
        for participant: ParticipantState, day: LocalDate, weekStart: LocalDate
    ) throws -> ParticipantFeed {
        let zone = participant.zone.identifier
        let plan = participant.carePlanID
        let patientID = participant.patientID
        return try database.read { db in
            let dayEvents = try db.care.events(
                EventQuery(day: day, timeZoneIdentifier: zone, carePlanIDs: [plan]))
            let weekEvents = try db.care.events(
                EventQuery(
                    from: weekStart, through: weekStart.addingDays(6), timeZoneIdentifier: zone, carePlanIDs: [plan]))
            var drafts: Set<String> = []
            for event in dayEvents where event.outcome == nil {
                let occurrence = event.scheduleEvent.occurrence
                if try SurveyDataStore.draft(
                    patientID: patientID, taskID: event.task.id, occurrence: occurrence, in: db)
                    != nil
                {
                    drafts.insert("\(event.task.id)/\(occurrence)")
                }
            }
            return ParticipantFeed(
                day: dayEvents, week: weekEvents, drafts: drafts, study: try StudyVersionStore.inForce(in: db))
        }
    }

    /// Discards the saved draft of an event; nothing else changes.
    public func discardDraft(_ key: StudyEventKey, for participant: ParticipantState) throws {
        let taskID = participant.taskID(key.studyTaskID)
        try database.write { db in
            try SurveyDataStore.deleteDraft(
                patientID: participant.patientID, taskID: taskID, occurrence: key.occurrence, in: db)
        }
    }

    /// Deletes the participant's live outcome `outcomeID` (a tombstone; the audit trail keeps the change).
    public func deleteAnswer(outcomeID: String, for participant: ParticipantState) throws {
        try database.write { db in
            db.auditActor = Self.actor(accountID: participant.patientID)
            _ = try db.care.deleteOutcome(id: outcomeID, at: participant.now)
        }
    }
}

extension StudyDatabase {
    /// Saves `run` as the draft of the participant's event `key` (a page of an active step done in the browser).
    public func saveDraft(_ run: SurveyRun, _ key: StudyEventKey, for participant: ParticipantState) throws {
        let json = try SurveyJSON.encode(run)
        try database.write { db in
            let draft = SurveyDraftRecord(
                patientID: participant.patientID, taskID: participant.taskID(key.studyTaskID),
                occurrence: key.occurrence, json: json, updatedAt: participant.now,
                studyVersion: try StudyVersionStore.inForce(in: db).version)
            try SurveyDataStore.saveDraft(draft, in: db)
        }
    }
}
