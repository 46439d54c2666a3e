#if DEBUG
    import Testing

    @testable import RecoverWeb

    /// The test clock's file (`recover serve --fake-today-file`): days, optionally seconds, and nothing
    /// from the file can trap the server.
    @Suite struct StudyClockTests {
        @Test func daysAndSecondsAddUp() {
            #expect(StudyClock.shift(in: "7") == 7 * 86_400)
            #expect(StudyClock.shift(in: " -1\n") == -86_400)
            #expect(StudyClock.shift(in: "2 -21600") == 2 * 86_400 - 21_600)
            #expect(StudyClock.shift(in: "0 3600\n") == 3_600)
        }

        @Test func anythingElseMeansNoShift() {
            for text in [
                "", "seven", "1 2 3", "1.5", "-9223372036854775808", "0 -9223372036854775808", "36526",
                "0 99999999999", "9223372036854775807 0",
            ] {
                #expect(StudyClock.shift(in: text) == 0, "\(text)")
            }
        }
    }
#endif
