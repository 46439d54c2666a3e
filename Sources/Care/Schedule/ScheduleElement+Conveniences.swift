extension ScheduleElement {
    /// Every `days` days at `time`, from `date` until before `end`.
    public static func daily(
        at time: LocalTime,
        from date: LocalDate,
        until end: LocalDateTime? = nil,
        every days: Int = 1,
        duration: ScheduleDuration = .hour,
        text: String? = nil,
        targetValues: [OutcomeValue] = []
    ) -> ScheduleElement {
        ScheduleElement(
            start: LocalDateTime(date: date, time: time), end: end, interval: .days(days), duration: duration,
            text: text, targetValues: targetValues)
    }

    /// Every `days` days, all day, from `date` until before the day `end` (exclusive).
    public static func dailyAllDay(
        from date: LocalDate,
        until end: LocalDate? = nil,
        every days: Int = 1,
        text: String? = nil,
        targetValues: [OutcomeValue] = []
    ) -> ScheduleElement {
        ScheduleElement(
            start: date.startOfDay, end: end?.startOfDay, interval: .days(days), duration: .allDay, text: text,
            targetValues: targetValues)
    }

    /// Every `weeks` weeks on `weekday` at `time`, from the first such weekday on or after `date`.
    public static func weekly(
        on weekday: Weekday,
        at time: LocalTime,
        from date: LocalDate,
        until end: LocalDateTime? = nil,
        every weeks: Int = 1,
        duration: ScheduleDuration = .hour,
        text: String? = nil,
        targetValues: [OutcomeValue] = []
    ) -> ScheduleElement {
        let ahead = (weekday.rawValue - date.weekday.rawValue + 7) % 7
        return ScheduleElement(
            start: LocalDateTime(date: date.addingDays(ahead), time: time), end: end, interval: .weeks(weeks),
            duration: duration, text: text, targetValues: targetValues)
    }

    /// Every `weeks` weeks, all day, on the weekday of `date`, until before the day `end` (exclusive).
    public static func weeklyAllDay(
        from date: LocalDate,
        until end: LocalDate? = nil,
        every weeks: Int = 1,
        text: String? = nil,
        targetValues: [OutcomeValue] = []
    ) -> ScheduleElement {
        ScheduleElement(
            start: date.startOfDay, end: end?.startOfDay, interval: .weeks(weeks), duration: .allDay, text: text,
            targetValues: targetValues)
    }

    /// Every `months` months on day `day` at `time` (clamped to shorter months), from the first month on or
    /// after `date` that has that day and where that day is not before `date`.
    ///
    /// Occurrences are clamped relative to the start: monthly on the 31st gives Feb 28, Mar 31, Apr 30.
    public static func monthly(
        onDay day: Int,
        at time: LocalTime,
        from date: LocalDate,
        until end: LocalDateTime? = nil,
        every months: Int = 1,
        duration: ScheduleDuration = .hour,
        text: String? = nil,
        targetValues: [OutcomeValue] = []
    ) -> ScheduleElement {
        let wanted = min(max(day, 1), 31)
        var first = date
        // Within 12 months some month has day 1...31 on or after `date`.
        for offset in 0..<13 {
            let month = LocalDate(unchecked: date.year, date.month, 1).addingMonths(offset)
            if let candidate = LocalDate(year: month.year, month: month.month, day: wanted), candidate >= date {
                first = candidate
                break
            }
        }
        return ScheduleElement(
            start: LocalDateTime(date: first, time: time), end: end, interval: .months(months), duration: duration,
            text: text, targetValues: targetValues)
    }
}
