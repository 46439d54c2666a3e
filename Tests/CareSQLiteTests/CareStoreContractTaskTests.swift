import Care
import Foundation
import Testing

/// The store contract for care tasks: versions, tombstones, queries, bad input. Runs against every store.
@Suite struct CareStoreContractTaskTests {
    @Test(arguments: StoreKind.all) func addedTaskIsReturnedExactlyAsWritten(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let task = Fixture.checkIn()
        #expect(try await fixture.store.addTask(task) == task)
        #expect(try await fixture.store.tasks(CareTaskQuery()) == [task])
        #expect(try await fixture.reopened().tasks(CareTaskQuery(ids: ["checkin"])) == [task])
    }

    @Test(arguments: StoreKind.all) func duplicateTaskIDIsRefusedAndChangesNothing(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        _ = try await store.addTask(Fixture.checkIn())
        var twin = Fixture.checkIn(versionID: "other")
        twin.title = "Twin"
        await expectStoreError(.duplicateID(entity: "care task", id: "checkin")) { _ = try await store.addTask(twin) }
        #expect(try await store.tasks(CareTaskQuery()).map(\.title) == ["Check-in"])
    }

    @Test(arguments: StoreKind.all) func invalidScheduleIsRefusedWithTheReason(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        var task = Fixture.checkIn()
        task.schedule.elements[0].interval = .days(0)
        await expectStoreError(.invalidSchedule(taskID: "checkin", .nonPositiveInterval(element: 0))) {
            _ = try await store.addTask(task)
        }
        task.schedule.elements[0].interval = .days(1)
        task.schedule.elements[0].end = Fixture.time("2025-05-01T00:00")
        await expectStoreError(.invalidSchedule(taskID: "checkin", .endNotAfterStart(element: 0))) {
            _ = try await store.addTask(task)
        }
        #expect(try await store.tasks(CareTaskQuery(versions: .all)).isEmpty)
    }

    @Test(arguments: StoreKind.all) func updateKeepsTheOldScheduleBeforeItsEffectiveDate(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        let first = try await store.addTask(Fixture.checkIn())
        var second = first
        second.versionID = "checkin-v2"
        second.schedule = .daily(at: Fixture.clock("09:30"), from: Fixture.day("2025-06-01"))
        second.effectiveDate = Fixture.day("2025-06-10").startOfDay
        _ = try await store.updateTask(second)

        let before = try await store.events(on: Fixture.day("2025-06-09"), timeZoneIdentifier: Fixture.newYork)
        let after = try await store.events(on: Fixture.day("2025-06-10"), timeZoneIdentifier: Fixture.newYork)
        #expect(before.map(\.scheduleEvent.localStart.time.description) == ["08:00:00"])
        #expect(before.map(\.task.versionID) == ["checkin-v1"])
        #expect(after.map(\.scheduleEvent.localStart.time.description) == ["09:30:00"])
        #expect(after.map(\.task.versionID) == ["checkin-v2"])
        #expect(try await store.taskHistory(id: "checkin").map(\.versionID) == ["checkin-v1", "checkin-v2"])
        #expect(try await store.tasks(CareTaskQuery()).map(\.versionID) == ["checkin-v2"])
        let during = CareTaskQuery(dateInterval: Fixture.day("2025-06-09")...Fixture.day("2025-06-10"))
        #expect(try await store.tasks(during).map(\.versionID) == ["checkin-v1", "checkin-v2"])
        #expect(try await fixture.reopened().taskHistory(id: "checkin") == [first, second])
    }

    @Test(arguments: StoreKind.all) func versionsMustNotPrecedeTheLatest(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        _ = try await store.addTask(Fixture.checkIn())
        var early = Fixture.checkIn(versionID: "early")
        early.effectiveDate = Fixture.day("2025-05-01").startOfDay
        await expectStoreError(.versionBeforePrevious(taskID: "checkin")) { _ = try await store.updateTask(early) }
        var unknown = Fixture.checkIn(id: "nope", versionID: "nope-v2")
        unknown.effectiveDate = Fixture.day("2025-07-01").startOfDay
        await expectStoreError(.unknownTask("nope")) { _ = try await store.updateTask(unknown) }
        var reused = Fixture.checkIn(versionID: "checkin-v1")
        reused.effectiveDate = Fixture.day("2025-07-01").startOfDay
        await expectStoreError(.duplicateID(entity: "care task version", id: "checkin-v1")) {
            _ = try await store.updateTask(reused)
        }
        #expect(try await store.taskHistory(id: "checkin").count == 1)
    }

    @Test(arguments: StoreKind.all) func deleteIsATombstoneThatEndsEvents(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        _ = try await store.addTask(Fixture.checkIn())
        let tombstone = try await store.deleteTask(
            id: "checkin", effectiveFrom: Fixture.day("2025-06-15").startOfDay, versionID: "checkin-deleted")
        #expect(tombstone.isDeleted)
        #expect(try await store.events(on: Fixture.day("2025-06-14"), timeZoneIdentifier: Fixture.newYork).count == 1)
        #expect(try await store.events(on: Fixture.day("2025-06-15"), timeZoneIdentifier: Fixture.newYork).isEmpty)
        #expect(try await store.tasks(CareTaskQuery()).isEmpty)
        #expect(try await store.taskHistory(id: "checkin").map(\.isDeleted) == [false, true])
        var revived = Fixture.checkIn(versionID: "checkin-v3")
        revived.effectiveDate = Fixture.day("2025-07-01").startOfDay
        await expectStoreError(.taskDeleted("checkin")) { _ = try await store.updateTask(revived) }
        await expectStoreError(.unknownTask("ghost")) {
            _ = try await store.deleteTask(id: "ghost", effectiveFrom: Fixture.time("2025-06-15T00:00"), versionID: "g")
        }
    }

    @Test(arguments: StoreKind.all) func taskQueriesFilterSortAndPage(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        _ = try await store.addTask(Fixture.checkIn())
        _ = try await store.addTask(Fixture.onboarding())
        _ = try await store.addTask(Fixture.rangeOfMotion())
        var other = Fixture.checkIn(id: "other", versionID: "other-v1")
        other.carePlanID = "plan-2"
        other.title = "Another"
        other.groupIdentifier = nil
        _ = try await store.addTask(other)

        #expect(
            try await store.tasks(CareTaskQuery()).map(\.id) == [
                "checkin", "onboarding", "other", "rangeOfMotionCheck",
            ])
        #expect(try await store.tasks(CareTaskQuery(carePlanIDs: ["plan-2"])).map(\.id) == ["other"])
        #expect(
            try await store.tasks(CareTaskQuery(tags: ["active", "onboarding"])).map(\.id) == [
                "onboarding", "rangeOfMotionCheck",
            ])
        #expect(try await store.tasks(CareTaskQuery(groupIdentifiers: ["surveys"])).map(\.id) == ["checkin"])
        #expect(try await store.tasks(CareTaskQuery(ids: ["other", "checkin"])).map(\.id) == ["checkin", "other"])
        let byTitle = try await store.tasks(CareTaskQuery(sort: .title))
        #expect(byTitle.map(\.title) == ["Another", "Check-in", "Consent and onboarding", "Range of motion"])
        #expect(
            try await store.tasks(CareTaskQuery(sort: .title, limit: 2, offset: 1)).map(\.title) == [
                "Check-in", "Consent and onboarding",
            ])
        let mayFirst = CareTaskQuery(dateInterval: Fixture.day("2025-05-01")...Fixture.day("2025-06-01"))
        #expect(try await store.tasks(mayFirst).map(\.id) == ["checkin", "onboarding", "other"])
    }
}

/// Version boundaries in the middle of a day never duplicate or drop that day's all-day event.
@Suite struct CareStoreContractVersionBoundaryTests {
    @Test(arguments: StoreKind.all) func midDayUpdateOfAnAllDayTaskGivesOneEventThatDay(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        _ = try await store.addTask(Fixture.onboarding())
        var update = Fixture.onboarding()
        update.versionID = "onboarding-v2"
        update.title = "Onboarding, new text"
        update.schedule = .dailyAllDay(from: Fixture.day("2025-06-05"))
        update.effectiveDate = Fixture.time("2025-06-05T10:30")
        _ = try await store.updateTask(update)
        let days = try await store.events(
            EventQuery(
                from: Fixture.day("2025-06-04"), through: Fixture.day("2025-06-06"),
                timeZoneIdentifier: Fixture.newYork))
        #expect(days.map(\.scheduleEvent.day.description) == ["2025-06-04", "2025-06-05", "2025-06-06"])
        #expect(days.map(\.task.versionID) == ["onboarding-v1", "onboarding-v2", "onboarding-v2"])
        #expect(try await store.task(id: "onboarding")?.versionID == "onboarding-v2")
        #expect(try await store.task(id: "missing") == nil)
    }
}
