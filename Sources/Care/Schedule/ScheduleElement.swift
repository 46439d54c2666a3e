/// One repeating part of a schedule: a local start, an optional end, an interval, and a duration.
///
/// The start is a wall-clock intention ("08:00 from 2025-06-02"); it becomes an instant only when the
/// schedule is evaluated in the patient's zone. For all-day elements only the dates of `start` and `end`
/// count and the end date is exclusive; for timed elements the end is exclusive.
///
/// ```swift
/// let checkIn = ScheduleElement.daily(at: LocalTime(hour: 8)!, from: enrollmentDay)
/// ```
public struct ScheduleElement: Codable, Hashable, Sendable {
    /// The first occurrence, as a local date-time.
    public var start: LocalDateTime
    /// The exclusive end, as a local date-time, or nil for no end.
    public var end: LocalDateTime?
    /// The step between occurrences.
    public var interval: ScheduleInterval
    /// How long each event lasts.
    public var duration: ScheduleDuration
    /// Text shown with each event, for example "Before breakfast".
    public var text: String?
    /// The values an outcome should reach for the event to count as complete.
    public var targetValues: [OutcomeValue]

    /// Creates an element. Events repeat every `interval` from `start` until before `end`.
    public init(
        start: LocalDateTime,
        end: LocalDateTime? = nil,
        interval: ScheduleInterval,
        duration: ScheduleDuration = .hour,
        text: String? = nil,
        targetValues: [OutcomeValue] = []
    ) {
        self.start = start
        self.end = end
        self.interval = interval
        self.duration = duration
        self.text = text
        self.targetValues = targetValues
    }

    /// Whether each event spans its whole local day.
    public var isAllDay: Bool { duration == .allDay }

    private enum CodingKeys: String, CodingKey {
        case start, end, interval, duration, text, targetValues
    }

    /// Decodes an element; a missing `duration` is one hour, missing `targetValues` none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(LocalDateTime.self, forKey: .start)
        end = try container.decodeIfPresent(LocalDateTime.self, forKey: .end)
        interval = try container.decode(ScheduleInterval.self, forKey: .interval)
        duration = try container.decodeIfPresent(ScheduleDuration.self, forKey: .duration) ?? .hour
        text = try container.decodeIfPresent(String.self, forKey: .text)
        targetValues = try container.decodeIfPresent([OutcomeValue].self, forKey: .targetValues) ?? []
    }
}
