import Care
import Foundation
import Testing

@Suite struct LocalDateTests {
    @Test func dayNumbersRoundTripAcrossCenturiesAndLeapDays() {
        for number in stride(from: -800_000, to: 800_000, by: 997) {
            #expect(LocalDate(dayNumber: number).dayNumber == number)
        }
        #expect(LocalDate("1970-01-01")?.dayNumber == 0)
        #expect(LocalDate("2000-02-29")?.addingDays(1).description == "2000-03-01")
        #expect(LocalDate("1900-02-29") == nil)
    }

    @Test func weekdayOfKnownDates() {
        #expect(LocalDate("1970-01-01")?.weekday == .thursday)
        #expect(LocalDate("2025-06-02")?.weekday == .monday)
        #expect(LocalDate("1969-12-31")?.weekday == .wednesday)
    }

    @Test func addingMonthsClampsToTheTargetMonthsLength() {
        let start = Parse.day("2025-01-31")
        #expect(start.addingMonths(1).description == "2025-02-28")
        #expect(start.addingMonths(2).description == "2025-03-31")
        #expect(Parse.day("2024-01-31").addingMonths(1).description == "2024-02-29")
        #expect(start.addingMonths(-2).description == "2024-11-30")
    }

    @Test func parsingRejectsMalformedText() {
        #expect(LocalDateTime("2025-03-07T02:30")?.description == "2025-03-07T02:30:00")
        #expect(LocalDateTime("2025-03-07 02:30") == nil)
        #expect(LocalDateTime("2025-13-07T02:30") == nil)
        #expect(LocalTime("24:00") == nil)
        #expect(LocalDate("2025-3-7") == nil)
    }

    @Test func gapTimesMoveForwardAndAmbiguousTimesTakeTheFirstOccurrence() {
        let newYork = Parse.zone("America/New_York")
        let gap = Parse.time("2025-03-09T02:30").instant(in: newYork)
        #expect(ZonedTimeFormat.string(gap, in: newYork) == "2025-03-09T03:30:00-04:00")
        let ambiguous = Parse.time("2025-11-02T01:30").instant(in: newYork)
        #expect(ZonedTimeFormat.string(ambiguous, in: newYork) == "2025-11-02T01:30:00-04:00")
        let later = Parse.time("2025-11-02T03:00").instant(in: newYork)
        #expect(ZonedTimeFormat.string(later, in: newYork) == "2025-11-02T03:00:00-05:00")
    }

    @Test func allDayEventOnADayThatStartsInAGapBeginsWhenTheDayDoes() {
        let santiago = Parse.zone("America/Santiago")
        let schedule = Schedule(.dailyAllDay(from: Parse.day("2025-09-05")))
        let events = schedule.events(on: Parse.day("2025-09-07"), in: santiago)
        #expect(events.map { ZonedTimeFormat.string($0.start, in: santiago) } == ["2025-09-07T01:00:00-03:00"])
        #expect(events.map { ZonedTimeFormat.string($0.end, in: santiago) } == ["2025-09-08T00:00:00-03:00"])
    }
}
