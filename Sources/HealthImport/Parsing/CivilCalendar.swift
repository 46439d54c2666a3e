/// Proleptic Gregorian dates as day numbers (days since 1970-01-01), for the years an export can hold.
enum CivilCalendar {
    /// The years accepted in a timestamp; outside them a date is invalid, which keeps all arithmetic small.
    static let years = 1900...2200

    /// Days before the first of each month in a common year.
    private static let daysBeforeMonth = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        years.contains(year) && (1...12).contains(month) && day >= 1 && day <= daysIn(month: month, year: year)
    }

    /// Leap days in the years 1...year (year >= 1).
    private static func leapDays(through year: Int) -> Int {
        year / 4 - year / 100 + year / 400
    }

    /// The day number of a valid date.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let wholeYears = 365 * (year - 1970) + leapDays(through: year - 1) - leapDays(through: 1969)
        let leap = month > 2 && isLeap(year) ? 1 : 0
        return wholeYears + daysBeforeMonth[month - 1] + leap + day - 1
    }

    /// The date of a day number.
    static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        // An estimate within a year or two, then corrected: cheap, and only run once per aggregated day.
        var year = 1970 + Int((Double(dayNumber) / 365.2425).rounded(.down))
        while dayNumber < self.dayNumber(year: year, month: 1, day: 1) { year -= 1 }
        while dayNumber >= self.dayNumber(year: year + 1, month: 1, day: 1) { year += 1 }
        var remaining = dayNumber - self.dayNumber(year: year, month: 1, day: 1)
        var month = 1
        while month < 12, remaining >= daysIn(month: month, year: year) {
            remaining -= daysIn(month: month, year: year)
            month += 1
        }
        return (year, month, remaining + 1)
    }
}
