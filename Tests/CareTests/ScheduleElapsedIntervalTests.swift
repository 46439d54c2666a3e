import Care
import Foundation
import Testing

/// Hour, minute and second intervals: elapsed time, so events stay exactly n steps apart across changes.
@Suite struct ScheduleElapsedIntervalTests {
    let newYork = Parse.zone("America/New_York")

    @Test func everyEightHoursStaysEightRealHoursApartAcrossSpringForward() {
        let schedule = Schedule(ScheduleElement(start: Parse.time("2025-03-08T22:00"), interval: .hours(8)))
        let events = schedule.events(from: Parse.day("2025-03-08"), through: Parse.day("2025-03-09"), in: newYork)
        #expect(
            events.map { $0.startText(in: newYork) } == [
                "2025-03-08T22:00:00-05:00", "2025-03-09T07:00:00-04:00", "2025-03-09T15:00:00-04:00",
                "2025-03-09T23:00:00-04:00",
            ])
        #expect(events.map(\.occurrence) == [0, 1, 2, 3])
        let gaps = zip(events, events.dropFirst()).map { $1.start.timeIntervalSince($0.start) }
        #expect(gaps == [28_800, 28_800, 28_800])
        #expect(schedule.event(occurrence: 2, in: newYork) == events[2])
    }

    @Test func everyEightHoursFromFiveYearsAgoIsNumberedInClosedForm() {
        let start = Parse.day("2020-06-02")
        let schedule = Schedule(ScheduleElement(start: start.startOfDay, interval: .hours(8), duration: .seconds(60)))
        let day = Parse.day("2025-06-02")
        let events = schedule.events(on: day, in: Parse.zone("UTC"))
        let first = (day.dayNumber - start.dayNumber) * 3
        #expect(events.map(\.occurrence) == [first, first + 1, first + 2])
    }

    @Test func everyThirtyMinutesSkipsTheMissingHour() {
        let schedule = Schedule(
            ScheduleElement(start: Parse.time("2025-03-09T01:00"), interval: .minutes(30), duration: .seconds(60)))
        let events = schedule.events(
            from: Parse.time("2025-03-09T01:00"), to: Parse.time("2025-03-09T04:00"), in: newYork)
        #expect(
            events.map { $0.startText(in: newYork) } == [
                "2025-03-09T01:00:00-05:00", "2025-03-09T01:30:00-05:00", "2025-03-09T03:00:00-04:00",
                "2025-03-09T03:30:00-04:00",
            ])
    }

    @Test func everySecondGivesOneEventPerSecondOfTheRange() {
        let start = Parse.time("2025-06-02T08:00")
        let schedule = Schedule(ScheduleElement(start: start, interval: .seconds(1), duration: .seconds(1)))
        let events = schedule.events(from: start.adding(seconds: 5), to: start.adding(seconds: 15), in: newYork)
        #expect(events.map(\.occurrence) == Array(5..<15))
        let instant = Schedule(ScheduleElement(start: start, interval: .seconds(10), duration: .seconds(0)))
        let touched = instant.events(from: start.adding(seconds: 10), to: start.adding(seconds: 11), in: newYork)
        #expect(touched.map(\.occurrence) == [1])
    }

    @Test func elapsedIntervalsEncodeAsTheDocumentedFileFormat() throws {
        for (interval, json) in [
            (ScheduleInterval.hours(8), #"{"hours":8}"#), (.minutes(30), #"{"minutes":30}"#),
            (.seconds(1), #"{"seconds":1}"#), (.days(2), #"{"days":2}"#),
        ] {
            #expect(String(decoding: try JSONEncoder().encode(interval), as: UTF8.self) == json)
            #expect(try JSONDecoder().decode(ScheduleInterval.self, from: Data(json.utf8)) == interval)
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ScheduleInterval.self, from: Data(#"{"hours":99999999999999999999}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ScheduleInterval.self, from: Data(#"{"hours":1,"days":1}"#.utf8))
        }
    }

    @Test func badElapsedIntervalsAreRefusedAndNeverTrap() {
        let start = Parse.time("2025-06-02T08:00")
        for interval in [ScheduleInterval.hours(0), .minutes(-5), .seconds(0)] {
            let schedule = Schedule(ScheduleElement(start: start, interval: interval))
            #expect(throws: ScheduleError.nonPositiveInterval(element: 0)) { try schedule.validate() }
            _ = schedule.events(on: start.date, in: newYork)
            _ = schedule.event(occurrence: Int.max, in: newYork)
        }
        for interval in [ScheduleInterval.hours(Int.max), .minutes(Int.max), .seconds(Int.max)] {
            let schedule = Schedule(ScheduleElement(start: start, interval: interval, duration: .seconds(Int.max)))
            #expect(throws: ScheduleError.intervalTooLong(element: 0)) { try schedule.validate() }
            _ = schedule.events(on: start.date, in: newYork)
            _ = schedule.event(occurrence: Int.max, in: newYork)
            _ = schedule.occurrenceIndex(element: 0, occurrence: Int.max)
        }
        #expect(throws: Never.self) {
            try Schedule(ScheduleElement(start: start, interval: .seconds(31_622_400_000))).validate()
        }
        let allDayHourly = Schedule(ScheduleElement(start: start, interval: .hours(1), duration: .allDay))
        #expect(throws: ScheduleError.allDayWithElapsedInterval(element: 0)) { try allDayHourly.validate() }
    }

    @Test func manySecondElementsCountWithoutOverflow() {
        let start = Parse.time("2025-06-02T08:00")
        let schedule = Schedule(
            elements: Array(repeating: ScheduleElement(start: start, interval: .seconds(1)), count: 8))
        #expect(schedule.event(occurrence: Int.max, in: newYork) == nil)
        #expect(schedule.occurrenceIndex(element: 7, occurrence: 1 << 60) == Int.max)
    }
}
