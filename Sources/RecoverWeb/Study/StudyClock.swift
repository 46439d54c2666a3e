import Foundation

#if DEBUG
    /// A test-only study clock: the real clock moved forward by a whole number of days read from a file, so
    /// browser tests can make "today" any day of the schedule while sessions keep real time.
    ///
    /// Compiled into debug builds only (`recover serve --fake-today-file PATH`, docs/testing.md); a release
    /// build has neither the type nor the option.
    public enum StudyClock {
        /// A clock that reads `file` on every call: an integer number of days (`0`, `7`, `-1`), missing or
        /// unreadable meaning 0.
        public static func shifted(byDaysIn file: URL) -> @Sendable () -> Date {
            {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                let days = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
                return Date().addingTimeInterval(TimeInterval(days) * 86_400)
            }
        }
    }
#endif
