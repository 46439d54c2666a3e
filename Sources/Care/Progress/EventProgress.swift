/// How far one event is towards complete.
public struct EventProgress: Codable, Hashable, Sendable {
    /// The achieved amount.
    public var value: Double
    /// The amount that completes the event (always above zero).
    public var goal: Double

    /// Creates a progress of `value` towards `goal`.
    public init(value: Double, goal: Double) {
        self.value = value
        self.goal = goal
    }

    /// The progress of an event under `rule`.
    ///
    /// `sumOfValuesAgainstTargets` sums the outcome's numeric values against the sum of the numeric targets;
    /// without a positive target it falls back to `outcomeExists`.
    public init(rule: ProgressRule, targets: [OutcomeValue], outcome: Outcome?) {
        let live = outcome?.isLive == true ? outcome : nil
        let goal = targets.compactMap(\.numericValue).reduce(0, +)
        switch rule {
        case .sumOfValuesAgainstTargets where goal > 0:
            self.init(value: live?.values.compactMap(\.numericValue).reduce(0, +) ?? 0, goal: goal)
        case .outcomeExists, .sumOfValuesAgainstTargets:
            self.init(value: live == nil ? 0 : 1, goal: 1)
        }
    }

    /// Whether the goal is reached.
    public var isCompleted: Bool { value >= goal }

    /// The achieved share of the goal, from 0 to 1.
    public var fraction: Double { min(max(value / goal, 0), 1) }
}
