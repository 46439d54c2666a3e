import Care
import Foundation
import Recover
import Research

/// Why a correction of the operated knee or the surgery date was refused; nothing changed.
public enum SurgeryCorrectionError: Error, Hashable, Sendable {
    /// The participant has not completed onboarding, so there is nothing to correct yet.
    case notOnboarded
    /// The date is in the future or more than two years back (the accepted range on the participant's today).
    case dateOutOfRange(ClosedRange<LocalDate>)
}

/// A correction of the operated knee and the surgery date: what they were, what they are, and the tasks whose
/// schedules were re-anchored.
public struct SurgeryCorrection: Hashable, Sendable {
    /// The details before (nil members for a participant who enrolled before onboarding asked).
    public var before: SurgeryDetails
    /// The details after.
    public var after: SurgeryDetails
    /// The study task ids that got a new care-task version (their schedules count from the surgery date).
    public var reanchoredTasks: [String]

    /// Whether nothing changed (the same knee and date as before).
    public var isUnchanged: Bool { before == after }
}

extension StudyDatabase {
    /// Corrects the participant's operated knee and surgery date in one write transaction, audited as the
    /// participant: their live onboarding outcome is replaced by one with the new values (the old one stays as
    /// a tombstone; the audit trail keeps both, values in `audit_value`, never in a log), and the tasks whose
    /// schedules count from an onboarding answer are re-anchored from today
    /// (``reanchorAnsweredSchedules(patientID:today:in:)``). The same values again change nothing. Throws
    /// ``SurgeryCorrectionError`` for a participant not onboarded or a date out of range, and nothing changes.
    @discardableResult
    public func correctSurgery(
        knee: BodySide, date: LocalDate, account: Account, now: Date
    ) throws -> SurgeryCorrection {
        try database.write { db in
            let participant = try Self.participant(account, now: now, in: db)
            let accepted = SurgeryDetails.acceptedDates(today: participant.today)
            guard accepted.contains(date) else { throw SurgeryCorrectionError.dateOutOfRange(accepted) }
            let onboardingTaskID = participant.taskID(StudyTaskID.onboarding)
            guard let outcome = try db.care.outcomes(OutcomeQuery(taskIDs: [onboardingTaskID])).first else {
                throw SurgeryCorrectionError.notOnboarded
            }
            let before = SurgeryDetails(onboardingValues: outcome.values)
            let after = SurgeryDetails(knee: knee, date: date)
            guard before != after else {
                return SurgeryCorrection(before: before, after: after, reanchoredTasks: [])
            }
            db.auditActor = Self.actor(accountID: participant.patientID)
            _ = try db.care.deleteOutcome(id: outcome.id, at: now)
            // The same event and creation time, so the days counted from onboarding stay where they were.
            _ = try db.care.addOutcome(
                Outcome(
                    id: UUID().uuidString.lowercased(), taskID: outcome.taskID, taskVersionID: outcome.taskVersionID,
                    occurrenceIndex: outcome.occurrenceIndex, values: after.replacing(in: outcome.values),
                    createdDate: outcome.createdDate))
            let tasks = try Self.reanchorAnsweredSchedules(
                patientID: participant.patientID, today: participant.today, in: db)
            return SurgeryCorrection(before: before, after: after, reanchoredTasks: tasks)
        }
    }
}
