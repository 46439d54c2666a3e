/// Adherence on one local day over the tasks that impact adherence: "nothing due" is its own state, not 100%.
public struct DailyAdherence: Codable, Hashable, Sendable {
    /// The state of a day.
    public enum State: String, Codable, Hashable, Sendable {
        /// No event of an adherence-impacting task was due.
        case nothingDue
        /// Events were due and none has progress.
        case notStarted
        /// Some progress, not all complete.
        case partial
        /// Every due event is complete.
        case complete
    }

    /// The local day.
    public var day: LocalDate
    /// The number of due events of tasks that impact adherence.
    public var dueCount: Int
    /// The sum of those events' progress fractions.
    public var completed: Double

    /// Creates a day's adherence.
    public init(day: LocalDate, dueCount: Int, completed: Double) {
        self.day = day
        self.dueCount = dueCount
        self.completed = completed
    }

    /// The share completed from 0 to 1, or nil when nothing was due.
    public var fraction: Double? { dueCount == 0 ? nil : completed / Double(dueCount) }

    /// Nothing due, not started, partial or complete.
    public var state: State {
        guard let fraction else { return .nothingDue }
        if fraction >= 1 { return .complete }
        return fraction > 0 ? .partial : .notStarted
    }

    /// The adherence of each day `first` through `last` from the events of those days.
    ///
    /// Each event counts on the day it starts; tasks with `impactsAdherence == false` are left out.
    public static func days(from first: LocalDate, through last: LocalDate, events: [CareEvent]) -> [DailyAdherence] {
        guard first <= last else { return [] }
        let firstNumber = first.dayNumber
        var days = (firstNumber...last.dayNumber).map {
            DailyAdherence(day: LocalDate(dayNumber: $0), dueCount: 0, completed: 0)
        }
        for event in events where event.task.impactsAdherence {
            let offset = event.scheduleEvent.day.dayNumber - firstNumber
            guard days.indices.contains(offset) else { continue }
            days[offset].dueCount += 1
            days[offset].completed += event.progress.fraction
        }
        return days
    }
}
