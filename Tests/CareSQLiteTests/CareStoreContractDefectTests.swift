import Care
import Foundation
import Testing

/// The REFERENCE.md schedule defects, through the store: what the feed shows and where outcomes attach.
@Suite struct CareStoreContractDefectTests {
    private func task(_ id: String, _ schedule: Schedule, effective: LocalDateTime) -> CareTask {
        CareTask(id: id, versionID: "\(id)-v1", title: id, schedule: schedule, effectiveDate: effective)
    }

    /// A task repeating every `interval` from the local date-time `start`, in effect from that day's midnight.
    private func repeating(_ id: String, from start: String, every interval: ScheduleInterval) -> CareTask {
        let first = Fixture.time(start)
        return task(id, Schedule(ScheduleElement(start: first, interval: interval)), effective: first.date.startOfDay)
    }

    private func starts(_ events: [CareEvent], in identifier: String) -> [String] {
        let zone = TimeZone(identifier: identifier) ?? .current
        return events.map { ZonedTimeFormat.string($0.scheduleEvent.start, in: zone) }
    }

    @Test(arguments: StoreKind.all) func eventsAreSortedByRealStartWhenAGapMovesOne(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        // Intended 02:30 comes before 03:10, but on 2025-03-09 in New York 02:30 does not exist and really starts at
        // 03:30, after the 03:10 event: the feed lists what happens first, first.
        _ = try await store.addTask(repeating("a-moved", from: "2025-03-07T02:30", every: .days(1)))
        _ = try await store.addTask(repeating("b-kept", from: "2025-03-07T03:10", every: .days(1)))
        let gapDay = try await store.events(on: Fixture.day("2025-03-09"), timeZoneIdentifier: Fixture.newYork)
        #expect(gapDay.map(\.task.id) == ["b-kept", "a-moved"])
        #expect(starts(gapDay, in: Fixture.newYork) == ["2025-03-09T03:10:00-04:00", "2025-03-09T03:30:00-04:00"])
        let dayBefore = try await store.events(on: Fixture.day("2025-03-08"), timeZoneIdentifier: Fixture.newYork)
        #expect(dayBefore.map(\.task.id) == ["a-moved", "b-kept"])
        // Paging follows the same order.
        var second = EventQuery(day: Fixture.day("2025-03-09"), timeZoneIdentifier: Fixture.newYork)
        second.offset = 1
        #expect(try await store.events(second).map(\.task.id) == ["a-moved"])
    }

    @Test(arguments: StoreKind.all) func springForwardAndMonthEndThroughTheStore(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        _ = try await store.addTask(repeating("daily", from: "2025-03-07T02:30", every: .days(1)))
        _ = try await store.addTask(repeating("monthly", from: "2025-01-31T09:00", every: .months(1)))
        let march = try await store.events(
            EventQuery(
                from: Fixture.day("2025-03-08"), through: Fixture.day("2025-03-10"),
                timeZoneIdentifier: Fixture.newYork, taskIDs: ["daily"]))
        #expect(
            starts(march, in: Fixture.newYork) == [
                "2025-03-08T02:30:00-05:00", "2025-03-09T03:30:00-04:00", "2025-03-10T02:30:00-04:00",
            ])
        let months = try await store.events(
            EventQuery(
                from: Fixture.day("2025-02-01"), through: Fixture.day("2025-04-30"),
                timeZoneIdentifier: Fixture.newYork, taskIDs: ["monthly"]))
        #expect(months.map(\.scheduleEvent.day.description) == ["2025-02-28", "2025-03-31", "2025-04-30"])
    }

    @Test(arguments: StoreKind.all) func outcomeFromAMidDayRangeAttachesToTheSameEventInTheDayFeed(kind: StoreKind)
        async throws
    {
        let store = try StoreFixture(kind).store
        let schedule = Schedule(elements: [
            .dailyAllDay(from: Fixture.day("2025-06-02")),
            .daily(at: Fixture.clock("08:00"), from: Fixture.day("2025-06-02")),
        ])
        let mixed = try await store.addTask(task("mixed", schedule, effective: Fixture.time("2025-06-02T10:30")))
        let afternoon = try await store.events(
            EventQuery(
                from: Fixture.time("2025-06-05T13:00"), to: Fixture.time("2025-06-06T09:00"),
                timeZoneIdentifier: Fixture.newYork))
        let target = try #require(afternoon.first { $0.scheduleEvent.isAllDay })
        _ = try await store.addOutcome(Fixture.outcome("o-1", task: mixed, occurrence: target.scheduleEvent.occurrence))
        let feed = try await store.events(on: Fixture.day("2025-06-05"), timeZoneIdentifier: Fixture.newYork)
        #expect(feed.map(\.scheduleEvent.isAllDay) == [true, false])
        #expect(feed.map { $0.outcome?.id } == ["o-1", nil])
        #expect(feed.first?.scheduleEvent == target.scheduleEvent)
    }

    @Test(arguments: StoreKind.all) func ancientScheduleDayFeedAndHugeOccurrenceAreAnsweredDirectly(kind: StoreKind)
        async throws
    {
        let store = try StoreFixture(kind).store
        let start = Fixture.day("0001-01-01")
        let ancient = try await store.addTask(
            task("ancient", .daily(at: Fixture.clock("08:00"), from: start), effective: start.startOfDay))
        let feed = try await store.events(on: Fixture.day("2025-06-10"), timeZoneIdentifier: Fixture.newYork)
        #expect(feed.map(\.scheduleEvent.occurrence) == [Fixture.day("2025-06-10").dayNumber - start.dayNumber])
        await expectStoreError(.occurrenceNotFound(taskVersionID: "ancient-v1", occurrence: Int.max)) {
            _ = try await store.addOutcome(Fixture.outcome("o-1", task: ancient, occurrence: Int.max))
        }
    }

    @Test(arguments: StoreKind.all) func outcomesByVersionAndNewestFirst(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        let first = try await store.addTask(Fixture.checkIn())
        var update = Fixture.checkIn(versionID: "checkin-v2")
        update.effectiveDate = Fixture.day("2025-06-03").startOfDay
        let second = try await store.updateTask(update)
        var early = Fixture.outcome("a", task: first, occurrence: 0)
        early.createdDate = Fixture.created
        var late = Fixture.outcome("b", task: second, occurrence: 5)
        late.createdDate = Fixture.created.addingTimeInterval(60)
        _ = try await store.addOutcome(early)
        _ = try await store.addOutcome(late)
        #expect(try await store.outcomes(OutcomeQuery(taskVersionIDs: ["checkin-v2"])).map(\.id) == ["b"])
        #expect(try await store.outcomes(OutcomeQuery(sort: .newestFirst)).map(\.id) == ["b", "a"])
        #expect(try await store.outcomes(OutcomeQuery(taskIDs: [])).isEmpty)
    }

    @Test(arguments: StoreKind.all) func hourlyScheduleRoundTripsAndItsEventsAreRealInstants(kind: StoreKind)
        async throws
    {
        let store = try StoreFixture(kind).store
        let schedule = Schedule(elements: [
            ScheduleElement(start: Fixture.time("2025-03-08T22:00"), interval: .hours(8), duration: .seconds(600)),
            ScheduleElement(start: Fixture.time("2025-03-09T00:00"), interval: .minutes(90)),
        ])
        let added = try await store.addTask(task("hourly", schedule, effective: Fixture.time("2025-03-08T00:00")))
        #expect(try await store.tasks(CareTaskQuery(ids: ["hourly"])).map(\.schedule) == [schedule])
        let sunday = try await store.events(
            EventQuery(
                from: Fixture.time("2025-03-09T03:40"), to: Fixture.time("2025-03-09T07:05"),
                timeZoneIdentifier: Fixture.newYork, taskIDs: ["hourly"]))
        // 90 real minutes from midnight EST: 01:30 EST, then 04:00 EDT (an hour is skipped), 05:30, 07:00; the
        // 8-hour element's second event is at 07:00 EDT and sorts first of the two (element order).
        #expect(
            starts(sunday, in: Fixture.newYork) == [
                "2025-03-09T04:00:00-04:00", "2025-03-09T05:30:00-04:00", "2025-03-09T07:00:00-04:00",
                "2025-03-09T07:00:00-04:00",
            ])
        #expect(sunday.map(\.scheduleEvent.element) == [1, 1, 0, 1])
        let eight = try #require(sunday.first { $0.scheduleEvent.element == 0 })
        _ = try await store.addOutcome(
            Outcome(
                taskID: added.id, taskVersionID: added.versionID, occurrenceIndex: eight.scheduleEvent.occurrence,
                values: [OutcomeValue(.integer(1))]))
        let again = try await store.events(
            EventQuery(
                from: Fixture.time("2025-03-09T06:59"), to: Fixture.time("2025-03-09T07:01"),
                timeZoneIdentifier: Fixture.newYork, taskIDs: ["hourly"]))
        #expect(again.first { $0.scheduleEvent.occurrence == eight.scheduleEvent.occurrence }?.outcome != nil)
    }
}
