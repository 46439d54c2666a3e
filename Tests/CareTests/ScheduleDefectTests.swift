import Care
import Foundation
import Testing

/// One test per CareKit 4.0 schedule defect of REFERENCE.md; each fails on a cumulative-addition schedule.
@Suite struct ScheduleDefectTests {
    let newYork = Parse.zone("America/New_York")

    @Test func dailyEventKeepsWallClockTimeAcrossSpringForward() {
        let schedule = Schedule(
            ScheduleElement(start: Parse.time("2025-03-07T02:30"), interval: .days(1), duration: .hour))
        let starts = schedule.events(from: Parse.day("2025-03-07"), through: Parse.day("2025-03-12"), in: newYork)
            .map { $0.startText(in: newYork) }
        #expect(
            starts == [
                "2025-03-07T02:30:00-05:00", "2025-03-08T02:30:00-05:00", "2025-03-09T03:30:00-04:00",
                "2025-03-10T02:30:00-04:00", "2025-03-11T02:30:00-04:00", "2025-03-12T02:30:00-04:00",
            ])
    }

    @Test func monthlyFromJanuary31ClampsEachMonthFromTheStart() {
        let schedule = Schedule(
            ScheduleElement(start: Parse.time("2025-01-31T09:00"), interval: .months(1), duration: .hour))
        let days = schedule.events(from: Parse.day("2025-01-01"), through: Parse.day("2025-05-31"), in: newYork)
            .map(\.day.description)
        #expect(days == ["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31"])
        #expect(schedule.event(occurrence: 3, in: newYork)?.day.description == "2025-04-30")
    }

    @Test func rangeOfMotionScheduleCreatedMidDayNeverGivesTwoEventsOnOneDay() {
        let schedule = Schedule(elements: [
            ScheduleElement(
                start: Parse.time("2025-06-02T10:30"), end: Parse.time("2025-06-09T10:30"), interval: .days(1),
                duration: .allDay),
            ScheduleElement(
                start: Parse.time("2025-06-09T10:30"), end: Parse.time("2025-07-02T10:30"), interval: .weeks(1),
                duration: .allDay),
        ])
        let events = schedule.events(from: Parse.day("2025-06-01"), through: Parse.day("2025-07-31"), in: newYork)
        #expect(events.count == 11)
        #expect(Set(events.map(\.day)).count == 11)
        #expect(events.map(\.occurrence) == Array(0..<11))
        #expect(events.last?.day.description == "2025-06-30")
    }

    @Test func rangeQueriesAndIndexLookupsNumberEventsIdenticallyFromAnyStartTime() throws {
        let schedule = Schedule(elements: [
            ScheduleElement(start: Parse.time("2025-06-02T10:30"), interval: .days(1), duration: .allDay),
            ScheduleElement(start: Parse.time("2025-06-02T08:00"), interval: .days(1), duration: .seconds(600)),
            ScheduleElement(start: Parse.time("2025-06-04T00:00"), interval: .weeks(1), duration: .hour),
        ])
        let whole = schedule.events(from: Parse.day("2025-06-01"), through: Parse.day("2025-06-30"), in: newYork)
        #expect(whole.map(\.occurrence) == Array(0..<whole.count))
        for hour in [0, 7, 8, 9, 12, 23] {
            let lower = Parse.day("2025-06-10").startOfDay.adding(seconds: hour * 3600)
            let partial = schedule.events(from: lower, to: lower.adding(seconds: 2 * 86_400), in: newYork)
            #expect(!partial.isEmpty)
            for event in partial {
                #expect(whole.first { $0.occurrence == event.occurrence } == event)
                #expect(schedule.event(occurrence: event.occurrence, in: newYork) == event)
            }
        }
    }

    @Test func eightOClockTaskStaysEightOClockLocalAfterMovingZones() {
        let schedule = Schedule.daily(at: Parse.clock("08:00"), from: Parse.day("2025-06-01"))
        let tokyo = Parse.zone("Asia/Tokyo")
        let inNewYork = schedule.events(on: Parse.day("2025-06-10"), in: newYork)
        let inTokyo = schedule.events(on: Parse.day("2025-06-10"), in: tokyo)
        #expect(inNewYork.map { $0.startText(in: newYork) } == ["2025-06-10T08:00:00-04:00"])
        #expect(inTokyo.map { $0.startText(in: tokyo) } == ["2025-06-10T08:00:00+09:00"])
        #expect(inNewYork.map(\.occurrence) == inTokyo.map(\.occurrence))
    }

    /// A schedule 800 000 years old: repeated addition from the start would need ~3e8 steps per query.
    @Test func oneDayOfAnAncientScheduleIsAnsweredInClosedForm() {
        let utc = Parse.zone("UTC")
        let start = LocalDate(dayNumber: -292_000_000)
        let schedule = Schedule.daily(at: Parse.clock("08:00"), from: start)
        let day = Parse.day("2025-06-10")
        let events = schedule.events(on: day, in: utc)
        #expect(events.map(\.occurrence) == [day.dayNumber - start.dayNumber])
        #expect(schedule.event(occurrence: day.dayNumber - start.dayNumber, in: utc)?.day == day)
        let monthly = Schedule(ScheduleElement(start: start.startOfDay, interval: .months(1), duration: .allDay))
        #expect(monthly.events(on: day, in: utc).isEmpty == (day.day != start.day))
    }

    @Test func monthlyAndWeeklyConveniencesStartOnTheRequestedDay() {
        let weekly = ScheduleElement.weekly(on: .friday, at: Parse.clock("09:00"), from: Parse.day("2025-06-02"))
        #expect(weekly.start.description == "2025-06-06T09:00:00")
        let monthly = ScheduleElement.monthly(onDay: 31, at: Parse.clock("09:00"), from: Parse.day("2025-02-05"))
        #expect(monthly.start.description == "2025-03-31T09:00:00")
    }

    @Test func invalidSchedulesAreRejectedWithTheElementNamed() {
        #expect(throws: ScheduleError.noElements) { try Schedule(elements: []).validate() }
        let backwards = ScheduleElement(
            start: Parse.time("2025-06-02T10:00"), end: Parse.time("2025-06-01T10:00"), interval: .days(1))
        #expect(throws: ScheduleError.endNotAfterStart(element: 0)) { try Schedule(backwards).validate() }
        let zero = ScheduleElement(start: Parse.time("2025-06-02T10:00"), interval: .days(0))
        #expect(throws: ScheduleError.nonPositiveInterval(element: 1)) {
            try Schedule(elements: [.dailyAllDay(from: Parse.day("2025-06-02")), zero]).validate()
        }
        #expect(throws: ScheduleError.unknownTimeZone("Mars/Olympus")) { try Schedule.timeZone("Mars/Olympus") }
    }

    @Test func scheduleEncodesAsTheDocumentedFileFormat() throws {
        let element = ScheduleElement(
            start: Parse.time("2025-03-07T02:30"), interval: .weeks(2), duration: .allDay, text: "Stretch",
            targetValues: [OutcomeValue(.integer(3), kind: "reps")])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(Schedule(element)), as: UTF8.self)
        #expect(
            json
                == #"{"elements":[{"duration":"allDay","interval":{"weeks":2},"start":"2025-03-07T02:30:00","#
                + #""targetValues":[{"content":{"integer":3},"kind":"reps"}],"text":"Stretch"}]}"#)
        #expect(try JSONDecoder().decode(Schedule.self, from: Data(json.utf8)) == Schedule(element))
    }
}
