import Care
import Foundation

/// How a withdrawal ends a task's schedule: by appending a version, never by deleting.
enum StudyWithdrawal {
    /// What to append to a task so it has no events from `day` on.
    enum Change: Hashable {
        /// The schedule already has no events from `day` on.
        case unchanged
        /// A version with every element ending at the start of `day`.
        case newVersion(CareTask)
        /// No element starts before `day`: a tombstone effective from that date.
        case tombstone(effectiveDate: LocalDateTime)
    }

    /// The change that stops `task` (its current version) from the start of `day`.
    static func ending(_ task: CareTask, from day: LocalDate) -> Change {
        guard !task.isDeleted else { return .unchanged }
        let cut = day.startOfDay
        // A version may not take effect before the one it follows.
        let effective = max(cut, task.effectiveDate)
        let alreadyEnded = task.schedule.elements.allSatisfy { element in element.end.map { $0 <= cut } ?? false }
        if alreadyEnded { return .unchanged }
        let kept = task.schedule.elements.compactMap { element -> ScheduleElement? in
            guard element.start < cut else { return nil }
            var ended = element
            ended.end = min(element.end ?? cut, cut)
            return ended
        }
        guard !kept.isEmpty else { return .tombstone(effectiveDate: effective) }
        var version = task
        version.versionID = UUID().uuidString.lowercased()
        version.schedule = Schedule(elements: kept)
        version.effectiveDate = effective
        return .newVersion(version)
    }
}
