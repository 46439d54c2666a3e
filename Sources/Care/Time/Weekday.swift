/// A day of the week, numbered as in ISO 8601 (Monday is 1, Sunday is 7).
public enum Weekday: Int, Codable, Hashable, Sendable, CaseIterable {
    /// ISO weekday 1.
    case monday = 1
    /// ISO weekdays 2 to 7.
    case tuesday, wednesday, thursday, friday, saturday, sunday
}
