import Care
import Foundation

/// One card of the care feed: a task's event on the selected day and what the participant can do with it.
public struct FeedCard: Hashable, Sendable {
    /// Where the event stands relative to today and its outcome.
    public enum State: String, Codable, Hashable, Sendable {
        /// Today's event without an outcome: can be started.
        case due
        /// Has an outcome: shows the answers.
        case done
        /// A later day's event: visible, cannot be started.
        case future
        /// An earlier day's event without an outcome: can still be completed, marked late.
        case late
    }

    /// The study task id, which is also the survey the card runs (`checkin`).
    public var studyTaskID: String
    /// The care task id (per participant).
    public var taskID: String
    /// The event's occurrence index, the second half of its survey URL.
    public var occurrence: Int
    /// The local day of the event.
    public var day: LocalDate
    /// The wall-clock start; `nil` for an all-day event.
    public var time: LocalTime?
    /// Due, done, future or late.
    public var state: State
    /// What the outcome recorded, for a done card ("Pain 3 · Sleep 7 h").
    public var summary: AnswerSummary
    /// The live outcome's id, for a done card.
    public var outcomeID: String?
    /// Whether the task is optional (it does not count towards adherence): the feed lists it last.
    public var isOptional = false

    /// Whether the survey can be opened: due or late.
    public var canStart: Bool { state == .due || state == .late }

    /// A card; ``CareFeed`` builds them from events.
    public init(
        studyTaskID: String, taskID: String, occurrence: Int, day: LocalDate, time: LocalTime?, state: State,
        summary: AnswerSummary, outcomeID: String?
    ) {
        self.studyTaskID = studyTaskID
        self.taskID = taskID
        self.occurrence = occurrence
        self.day = day
        self.time = time
        self.state = state
        self.summary = summary
        self.outcomeID = outcomeID
    }
}
