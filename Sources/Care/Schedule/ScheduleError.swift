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
    /// The all-day element at `element` ends on the date it starts: the end date is exclusive, so it has no
    /// event; `nextDay` is the end that gives the start date's event.
    case allDayEndsOnStartDate(element: Int, nextDay: LocalDate)
    /// The all-day element at `element` steps by hours, minutes or seconds; all-day events step by days, weeks
    /// or months.
    case allDayWithElapsedInterval(element: Int)

    /// One lowercase sentence naming the element by its 0-based index where there is one, for example
    /// `element 1 ends at or before its start`.
    public var description: String {
        switch self {
        case .noElements: "the schedule has no elements"
        case .endNotAfterStart(let element): "element \(element) ends at or before its start"
        case .nonPositiveInterval(let element): "element \(element) has an interval that is not positive"
        case .negativeDuration(let element): "element \(element) has a negative duration"
        case .intervalTooLong(let element): "element \(element) has an interval longer than 1000 years"
        case .durationTooLong(let element): "element \(element) has a duration longer than 100 years"
        case .unknownTimeZone(let identifier): "unknown time zone '\(identifier)'"
        case .allDayEndsOnStartDate(let element, let nextDay):
            "element \(element) is all day and ends on the date it starts (\(nextDay.addingDays(-1))), so it has no "
                + "event: an all-day element's end date is exclusive and its time of day is ignored; to end after "
                + "that day, write \"end\": \"\(nextDay.startOfDay)\""
        case .allDayWithElapsedInterval(let element):
            "element \(element) is all day but repeats by hours, minutes or seconds: an all-day element repeats "
                + "by days, weeks or months"
        }
    }
}
