import Care

/// Pain and sleep of one local day for the insights chart; `nil` is a day without that answer (a gap, not zero).
public struct CheckinDay: Codable, Hashable, Sendable {
    /// The participant's local day.
    public var day: LocalDate
    /// The pain score (1-10) recorded for the day, if any.
    public var pain: Double?
    /// The hours slept recorded for the day, if any.
    public var sleep: Double?

    /// A day with optional values.
    public init(day: LocalDate, pain: Double? = nil, sleep: Double? = nil) {
        self.day = day
        self.pain = pain
        self.sleep = sleep
    }

    /// Whether the day has neither value.
    public var isEmpty: Bool { pain == nil && sleep == nil }
}

/// One range-of-motion measurement for the scatter chart.
public struct RangeOfMotionPoint: Codable, Hashable, Sendable {
    /// The local day of the measurement's event.
    public var day: LocalDate
    /// The range in degrees.
    public var degrees: Double

    /// A measurement.
    public init(day: LocalDate, degrees: Double) {
        self.day = day
        self.degrees = degrees
    }
}
