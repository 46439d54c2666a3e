import Foundation

#if DEBUG
    /// A test-only study clock: the real clock moved by a whole number of days read from a file, so browser
    /// tests can make "today" any day of the schedule while sessions keep real time. An optional second
    /// number of seconds lets a test start its participants' day at a fixed hour, so a run that happens to
    /// cross midnight does not change "today" between a check-in and the feed that shows it.
    ///
    /// Compiled into debug builds only (`recover serve --fake-today-file PATH`, docs/testing.md); a release
    /// build has neither the type nor the option.
    public enum StudyClock {
        /// A clock that reads `file` on every call: an integer number of days (`0`, `7`, `-1`), optionally
        /// followed by an integer number of seconds (`7 -21600`); missing, unreadable or out of range
        /// (beyond ±100 years) meaning 0.
        public static func shifted(byDaysIn file: URL) -> @Sendable () -> Date {
            { Date().addingTimeInterval(shift(in: (try? String(contentsOf: file, encoding: .utf8)) ?? "")) }
        }

        /// The shift `text` describes, in seconds.
        static func shift(in text: String) -> TimeInterval {
            let limit = 36_525 * 86_400  // a range check, not abs(): abs(Int.min) traps
            let numbers = text.split(whereSeparator: \.isWhitespace).map { Int($0) }
            guard (1...2).contains(numbers.count), let days = numbers[0], (-36_525...36_525).contains(days) else {
                return 0
            }
            let seconds = numbers.count == 2 ? numbers[1] : 0
            guard let seconds, (-limit...limit).contains(seconds) else { return 0 }
            return TimeInterval(days) * 86_400 + TimeInterval(seconds)
        }
    }
#endif
