import Care
import Foundation
import Recover

extension StudyDatabase {
    /// Brings one participant's tasks whose schedules count from an onboarding answer (an `{"answer": ...}`
    /// anchor or time) to the answers they have now, inside the caller's write transaction: for each such task
    /// of the study in force whose schedule changed, a new care-task version effective from `today` (the
    /// participant's day), or from tomorrow when today's event of it already has an answer, which then stays
    /// on its event. A task that never reached them because its anchor was not known gets its first version
    /// from that day. Events before it, and every outcome, are untouched; a task the study ended stays ended.
    /// Returns the study task ids that changed, in the study's order.
    @discardableResult
    static func reanchorAnsweredSchedules(patientID: String, today: LocalDate, in db: StoreConnection) throws
        -> [String]
    {
        guard let anchors = try anchors(patientID: patientID, in: db), anchors.onboarded != nil else { return [] }
        let study = try StudyVersionStore.inForce(in: db)
        let plan = StudyPlan(study)
        var changed: [String] = []
        for task in study.tasks where task.id != StudyTaskID.onboarding && task.readsAnOnboardingAnswer {
            let taskID = ParticipantPlan.taskID(task.id, patientID: patientID)
            let history = try db.care.tasks(CareTaskQuery(ids: [taskID], versions: .all, sort: .effectiveDate))
            if history.last?.isDeleted == true { continue }
            var reached = anchors
            reached.added = history.first?.effectiveDate.date
            let answeredToday = try !db.care.outcomes(OutcomeQuery(taskIDs: [taskID], dateInterval: today...today))
                .isEmpty
            let from = max(answeredToday ? today.addingDays(1) : today, history.last?.effectiveDate.date ?? today)
            let schedule = plan.schedule(of: task, anchors: reached)
            guard let latest = history.last else {
                reached.added = from
                guard let first = plan.careTask(task, patientID: patientID, anchors: reached, effective: from) else {
                    continue
                }
                _ = try db.care.addTask(first)
                changed.append(task.id)
                continue
            }
            guard schedule != latest.schedule else { continue }
            guard var next = plan.careTask(task, patientID: patientID, anchors: reached, effective: from) else {
                // The anchor is no longer known: the task ends from that day.
                _ = try db.care.deleteTask(id: taskID, effectiveFrom: from.startOfDay, versionID: UUID().uuidString)
                changed.append(task.id)
                continue
            }
            next.versionID = UUID().uuidString
            _ = try db.care.updateTask(next)
            changed.append(task.id)
        }
        return changed
    }
}

extension StudyTask {
    /// Whether the task's schedule counts from, or takes its time from, an onboarding answer.
    var readsAnOnboardingAnswer: Bool {
        schedule.contains { element in
            if case .answer = element.anchor { return true }
            if case .answer = element.time { return true }
            return false
        }
    }
}
