/// Why a schedule cannot be used. Says which element is wrong and how.
public enum ScheduleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The schedule has no elements.
    case noElements
    /// The element at `element` has an interval longer than 1000 years.
    case intervalTooLong(element: Int)
    /// The element at `element` has a duration longer than 100 years.
    case durationTooLong(element: Int)
    /// The element at `element` (0-based) ends at or before its start.
    case endNotAfterStart(element: Int)
    /// The element at `element` has an interval of zero or less.
    case nonPositiveInterval(element: Int)
    /// The element at `element` has a negative duration.
    case negativeDuration(element: Int)
    /// The time-zone identifier is not known to this system.
    case unknownTimeZone(String)

    public var description: String {
        switch self {
        case .noElements: "the schedule has no elements"
        case .endNotAfterStart(let element): "element \(element) ends at or before its start"
        case .nonPositiveInterval(let element): "element \(element) has an interval that is not positive"
        case .negativeDuration(let element): "element \(element) has a negative duration"
        case .intervalTooLong(let element): "element \(element) has an interval longer than 1000 years"
        case .durationTooLong(let element): "element \(element) has a duration longer than 100 years"
        case .unknownTimeZone(let identifier): "unknown time zone '\(identifier)'"
        }
    }
}
