import Care
import Foundation
import Testing

/// Range queries pick events by their real intervals, whatever a daylight-saving change does to their wall-clock
/// times (issue 19): New York (one-hour changes), Lord Howe (30-minute changes) and Tokyo (none).
@Suite struct ScheduleRealTimeTests {
    let newYork = Parse.zone("America/New_York")
    let lordHowe = Parse.zone("Australia/Lord_Howe")
    let tokyo = Parse.zone("Asia/Tokyo")

    private func spans(_ events: [ScheduleEvent], in zone: TimeZone) -> [String] {
        events.map { "\($0.occurrence) \($0.startText(in: zone)) \(ZonedTimeFormat.string($0.end, in: zone))" }
    }

    private func daily(_ start: String, seconds: Int = 3600) -> Schedule {
        Schedule(ScheduleElement(start: Parse.time(start), interval: .days(1), duration: .seconds(seconds)))
    }

    @Test func eventMovedByTheSpringForwardGapIsFoundWhileItIsInProgress() {
        let schedule = daily("2025-03-07T02:30")
        let events = schedule.events(
            from: Parse.time("2025-03-09T03:40"), to: Parse.time("2025-03-09T04:00"), in: newYork)
        #expect(spans(events, in: newYork) == ["2 2025-03-09T03:30:00-04:00 2025-03-09T04:30:00-04:00"])
    }

    @Test func eventMovedByTheSpringForwardGapIsNotFoundBeforeItStarts() {
        let schedule = daily("2025-03-07T02:30")
        let events = schedule.events(
            from: Parse.time("2025-03-09T03:00"), to: Parse.time("2025-03-09T03:15"), in: newYork)
        #expect(events.isEmpty)
        let touching = schedule.events(
            from: Parse.time("2025-03-09T03:00"), to: Parse.time("2025-03-09T03:30:01"), in: newYork)
        #expect(touching.map(\.occurrence) == [2])
    }

    @Test func threeDayEventIsFoundOnItsLastDayAcrossSpringForward() {
        let schedule = Schedule(
            ScheduleElement(
                start: Parse.time("2025-03-08T00:00"), interval: .days(7), duration: .seconds(259_200)))
        let events = schedule.events(on: Parse.day("2025-03-11"), in: newYork)
        #expect(spans(events, in: newYork) == ["0 2025-03-08T00:00:00-05:00 2025-03-11T01:00:00-04:00"])
        #expect(schedule.events(on: Parse.day("2025-03-12"), in: newYork).isEmpty)
    }

    @Test func eventThatEndedInTheRepeatedHourIsNotFoundAfterIt() {
        let schedule = daily("2025-10-31T01:30")
        let after = schedule.events(
            from: Parse.time("2025-11-02T02:00"), to: Parse.time("2025-11-02T02:29"), in: newYork)
        #expect(after.isEmpty)
        let during = schedule.events(
            from: Parse.time("2025-11-02T01:45"), to: Parse.time("2025-11-02T01:50"), in: newYork)
        #expect(spans(during, in: newYork) == ["2 2025-11-02T01:30:00-04:00 2025-11-02T01:30:00-05:00"])
    }

    @Test func allDayEventsLastTheirDaysRealLength() throws {
        let schedule = Schedule.dailyAllDay(from: Parse.day("2025-11-01"))
        let fallBack = schedule.events(on: Parse.day("2025-11-02"), in: newYork)
        #expect(spans(fallBack, in: newYork) == ["1 2025-11-02T00:00:00-04:00 2025-11-03T00:00:00-05:00"])
        let event = try #require(fallBack.first)
        #expect(event.end.timeIntervalSince(event.start) == 25 * 3600)
        let late = schedule.events(
            from: Parse.time("2025-11-02T23:30"), to: Parse.time("2025-11-03T00:30"), in: newYork)
        #expect(late.map(\.occurrence) == [1, 2])
    }

    @Test func lordHoweGapMovesTheEventHalfAnHourAndItIsFoundUntilItReallyEnds() {
        let schedule = daily("2025-10-03T02:10")
        let events = schedule.events(
            from: Parse.time("2025-10-05T03:15"), to: Parse.time("2025-10-05T03:30"), in: lordHowe)
        #expect(spans(events, in: lordHowe) == ["2 2025-10-05T02:40:00+11:00 2025-10-05T03:40:00+11:00"])
        let before = schedule.events(
            from: Parse.time("2025-10-05T02:30"), to: Parse.time("2025-10-05T02:40"), in: lordHowe)
        #expect(before.isEmpty)
    }

    @Test func lordHoweEventEndingInTheRepeatedHalfHourIsNotFoundAfterIt() {
        let schedule = daily("2025-04-04T01:40", seconds: 1800)
        let after = schedule.events(
            from: Parse.time("2025-04-06T02:00"), to: Parse.time("2025-04-06T02:05"), in: lordHowe)
        #expect(after.isEmpty)
        let day = schedule.events(on: Parse.day("2025-04-06"), in: lordHowe)
        #expect(spans(day, in: lordHowe) == ["2 2025-04-06T01:40:00+11:00 2025-04-06T01:40:00+10:30"])
    }

    @Test func zoneWithoutChangesAgreesWithTheWallClock() {
        let schedule = daily("2025-03-07T02:30")
        let events = schedule.events(
            from: Parse.time("2025-03-09T03:15"), to: Parse.time("2025-03-09T03:20"), in: tokyo)
        #expect(spans(events, in: tokyo) == ["2 2025-03-09T02:30:00+09:00 2025-03-09T03:30:00+09:00"])
        let after = schedule.events(
            from: Parse.time("2025-03-09T03:30"), to: Parse.time("2025-03-09T04:00"), in: tokyo)
        #expect(after.isEmpty)
    }

    @Test func longEventsAreFoundOnEveryDayTheyReallyCoverAcrossAChange() {
        // Every 2 days for 30 real hours from 20:00: the event of Nov 1 runs into Nov 3 across fall-back.
        let schedule = Schedule(
            ScheduleElement(start: Parse.time("2025-10-30T20:00"), interval: .days(2), duration: .seconds(30 * 3600)))
        let days = ["2025-11-01", "2025-11-02", "2025-11-03"].map {
            schedule.events(on: Parse.day($0), in: newYork).map(\.occurrence)
        }
        #expect(days == [[0, 1], [1], [1, 2]])
        let event = schedule.event(occurrence: 1, in: newYork)
        #expect(event.map { ZonedTimeFormat.string($0.end, in: newYork) } == "2025-11-03T01:00:00-05:00")
    }

    @Test func rangeQueriesAndLookupsAgreeAroundChanges() {
        let schedule = Schedule(elements: [
            ScheduleElement(start: Parse.time("2025-03-07T02:30"), interval: .days(1)),
            ScheduleElement(start: Parse.time("2025-03-08T22:00"), interval: .hours(8), duration: .seconds(600)),
            .dailyAllDay(from: Parse.day("2025-03-08")),
        ])
        for zone in [newYork, lordHowe, tokyo] {
            let whole = schedule.events(from: Parse.day("2025-03-07"), through: Parse.day("2025-03-12"), in: zone)
            #expect(whole.map(\.occurrence) == Array(0..<whole.count))
            for event in whole { #expect(schedule.event(occurrence: event.occurrence, in: zone) == event) }
        }
    }

    @Test func appendingToAReusedArrayGivesTheSameEventsAfterWhatIsThere() {
        let schedule = Schedule(elements: [
            ScheduleElement(start: Parse.time("2025-03-07T02:30"), interval: .days(1)),
            .dailyAllDay(from: Parse.day("2025-03-08")),
        ])
        let rules = ZoneRules(newYork)
        var buffer = schedule.events(on: Parse.day("2025-03-08"), in: rules)
        let kept = buffer
        schedule.appendEvents(on: Parse.day("2025-03-09"), in: rules, to: &buffer)
        #expect(buffer == kept + schedule.events(on: Parse.day("2025-03-09"), in: newYork))
        #expect(buffer.count == 4)
    }
}
