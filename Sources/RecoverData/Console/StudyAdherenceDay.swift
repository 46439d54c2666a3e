import Care

/// The study's adherence on one local day: events due across participants and how many were completed.
public struct StudyAdherenceDay: Codable, Hashable, Sendable {
    /// The local day.
    public var day: LocalDate
    /// Adherence-counting events due that day, over all participants.
    public var due: Int
    /// Of those, the events with a live outcome.
    public var completed: Int

    /// A day's figures.
    public init(day: LocalDate, due: Int, completed: Int) {
        self.day = day
        self.due = due
        self.completed = completed
    }

    /// Completed over due (0...1), or nil when nothing was due.
    public var fraction: Double? { due > 0 ? min(1, Double(completed) / Double(due)) : nil }
}
