import Foundation

/// When a care task is due: one or more repeating elements, evaluated in the patient's time zone.
///
/// The occurrence index of an event is its rank by start across all elements since the schedule began
/// (ties broken by element order). It is computed by one function, `occurrenceIndex(element:occurrence:)`,
/// used by range queries and index lookups alike, in O(number of elements).
///
/// ```swift
/// let rangeOfMotion = Schedule(elements: [
///     .dailyAllDay(from: day, until: day.addingDays(7)),
///     .weeklyAllDay(from: day.addingDays(7), until: day.addingMonths(1)),
/// ])
/// let today = rangeOfMotion.events(on: day, in: TimeZone(identifier: "Europe/Zurich")!)
/// ```
public struct Schedule: Codable, Hashable, Sendable {
    /// The elements, in the order that breaks ties between events with the same start.
    public var elements: [ScheduleElement]

    /// Composes several elements into one schedule.
    public init(elements: [ScheduleElement]) {
        self.elements = elements
    }

    /// A schedule of one element.
    public init(_ element: ScheduleElement) {
        self.elements = [element]
    }

    /// Daily at `time` from `date`, with no end.
    public static func daily(at time: LocalTime, from date: LocalDate, duration: ScheduleDuration = .hour) -> Schedule {
        Schedule(.daily(at: time, from: date, duration: duration))
    }

    /// Daily, all day, from `date`, with no end.
    public static func dailyAllDay(from date: LocalDate) -> Schedule {
        Schedule(.dailyAllDay(from: date))
    }

    /// Checks that the schedule can be evaluated: at least one element, positive intervals of at most 1000 years,
    /// all-day elements stepping by days, weeks or months, durations from zero to 100 years, ends after starts.
    /// Stores and the command-line tool refuse schedules that fail it; evaluating one anyway gives meaningless
    /// events but never traps.
    public func validate() throws(ScheduleError) {
        if elements.isEmpty { throw .noElements }
        for (index, element) in elements.enumerated() {
            if element.interval.count <= 0 { throw .nonPositiveInterval(element: index) }
            if element.interval.count > element.interval.maximumCount { throw .intervalTooLong(element: index) }
            if element.isAllDay, element.interval.isElapsed { throw .allDayWithElapsedInterval(element: index) }
            if case .seconds(let seconds) = element.duration {
                if seconds < 0 { throw .negativeDuration(element: index) }
                if seconds > Self.maximumDurationSeconds { throw .durationTooLong(element: index) }
            }
            if let end = element.end, let endKey = element.endKey, endKey <= element.firstKey {
                if element.isAllDay, end.date == element.start.date {
                    throw .allDayEndsOnStartDate(element: index, nextDay: end.date.addingDays(1))
                }
                throw .endNotAfterStart(element: index)
            }
        }
    }

    /// The longest duration of an event: 100 years. Bounds keep all occurrence arithmetic far from overflow.
    static let maximumDurationSeconds = 100 * 366 * CivilCalendar.secondsPerDay

    /// The zone with `identifier`, or `ScheduleError.unknownTimeZone`.
    public static func timeZone(_ identifier: String) throws(ScheduleError) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { throw .unknownTimeZone(identifier) }
        return zone
    }
}
