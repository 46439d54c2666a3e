/// Numeric values of one kind over time, for a chart: one point per outcome that has a value of that kind.
///
/// Selecting by kind is what keeps two series of one task (pain and sleep of a check-in) apart.
public struct OutcomeSeries: Codable, Hashable, Sendable {
    /// One charted value.
    public struct Point: Codable, Hashable, Sendable {
        /// The local day of the event.
        public var day: LocalDate
        /// The value.
        public var value: Double
    }

    /// The kind the values were selected by.
    public var kind: String
    /// Points in event order; days without a value have no point (a gap, not zero).
    public var points: [Point]

    /// The series of values of `kind` in `outcomes` (live outcomes with a known event start only).
    public init(kind: String, outcomes: [Outcome]) {
        self.kind = kind
        let dated = outcomes.compactMap { outcome -> (start: LocalDateTime, outcome: Outcome)? in
            guard outcome.isLive, let start = outcome.eventStart else { return nil }
            return (start, outcome)
        }
        let sorted = dated.sorted { ($0.start, $0.outcome.taskID) < ($1.start, $1.outcome.taskID) }
        points = sorted.flatMap { item in
            item.outcome.values(ofKind: kind).compactMap { value in
                value.numericValue.map { Point(day: item.start.date, value: $0) }
            }
        }
    }
}
