import Care
import Foundation
import Testing

/// Extreme input never traps: it is refused by validation or gives a clean "no such event".
@Suite struct ScheduleBoundsTests {
    let utc = Parse.zone("UTC")

    @Test func hugeIntervalsAndDurationsAreRefused() {
        let start = Parse.time("2025-06-02T08:00")
        #expect(throws: ScheduleError.intervalTooLong(element: 0)) {
            try Schedule(ScheduleElement(start: start, interval: .days(Int.max))).validate()
        }
        #expect(throws: ScheduleError.intervalTooLong(element: 0)) {
            try Schedule(ScheduleElement(start: start, interval: .months(12_001))).validate()
        }
        #expect(throws: ScheduleError.durationTooLong(element: 0)) {
            try Schedule(ScheduleElement(start: start, interval: .days(1), duration: .seconds(Int.max))).validate()
        }
        #expect(throws: ScheduleError.negativeDuration(element: 0)) {
            try Schedule(ScheduleElement(start: start, interval: .days(1), duration: .seconds(-1))).validate()
        }
        #expect(throws: Never.self) {
            try Schedule(ScheduleElement(start: start, interval: .months(12_000))).validate()
        }
    }

    @Test func lookingUpAnEnormousOccurrenceFindsNothingWithoutTrapping() {
        let daily = Schedule.daily(at: Parse.clock("08:00"), from: Parse.day("2025-06-02"))
        #expect(daily.event(occurrence: Int.max, in: utc) == nil)
        #expect(daily.event(occurrence: -1, in: utc) == nil)
        let monthly = Schedule(ScheduleElement(start: Parse.time("2025-01-31T08:00"), interval: .months(12_000)))
        #expect(monthly.event(occurrence: Int.max / 2, in: utc) == nil)
        #expect(monthly.event(occurrence: 1, in: utc)?.day.description == "3025-01-31")
    }

    @Test func occurrenceIndexIsNilForElementsOrOccurrencesThatDoNotExist() {
        let day = Parse.day("2025-06-02")
        let schedule = Schedule(elements: [
            .dailyAllDay(from: day, until: day.addingDays(7)),
            .daily(at: Parse.clock("08:00"), from: day),
        ])
        #expect(schedule.occurrenceIndex(element: 2, occurrence: 0) == nil)
        #expect(schedule.occurrenceIndex(element: 0, occurrence: 7) == nil)
        #expect(schedule.occurrenceIndex(element: 0, occurrence: -1) == nil)
        // All-day sorts at midnight, before the 08:00 event of the same day.
        #expect(schedule.occurrenceIndex(element: 0, occurrence: 1) == 2)
        #expect(schedule.occurrenceIndex(element: 1, occurrence: 1) == 3)
        #expect(schedule.occurrenceIndex(element: 1, occurrence: 8) == 15)
    }

    @Test func eventsWithLongDurationsOverlapLaterRanges() {
        let schedule = Schedule(
            ScheduleElement(start: Parse.time("2025-06-02T22:00"), interval: .days(2), duration: .seconds(4 * 3600)))
        let events = schedule.events(on: Parse.day("2025-06-03"), in: utc)
        #expect(events.map(\.occurrence) == [0])
        #expect(schedule.events(on: Parse.day("2025-06-05"), in: utc).map(\.occurrence) == [1])
    }

    @Test func allDayElementEndingOnItsStartDateSaysTheEndDateIsExclusive() {
        let element = ScheduleElement(
            start: Parse.time("2025-06-02T08:00"), end: Parse.time("2025-06-02T20:00"), interval: .days(1),
            duration: .allDay)
        #expect(throws: ScheduleError.allDayEndsOnStartDate(element: 0, nextDay: Parse.day("2025-06-03"))) {
            try Schedule(element).validate()
        }
        let message = String(
            describing: ScheduleError.allDayEndsOnStartDate(element: 0, nextDay: Parse.day("2025-06-03")))
        #expect(message.contains("end date is exclusive"))
        #expect(message.contains(#""end": "2025-06-03T00:00:00""#))
        let timed = ScheduleElement(
            start: Parse.time("2025-06-02T08:00"), end: Parse.time("2025-06-02T08:00"), interval: .days(1))
        #expect(throws: ScheduleError.endNotAfterStart(element: 0)) { try Schedule(timed).validate() }
    }
}
