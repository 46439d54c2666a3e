/// How the progress of one event is computed from its outcome.
public enum ProgressRule: String, Codable, Hashable, Sendable {
    /// Complete when a live outcome exists (the default).
    case outcomeExists
    /// The sum of the outcome's numeric values against the sum of the event's numeric target values.
    case sumOfValuesAgainstTargets
}
