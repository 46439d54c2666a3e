import Care
import CareSQLite
import Foundation
import SQLite
import Testing

/// The decoded-record cache: a feed read again decodes no JSON, yet never returns a stale task version or
/// outcome, in one store, across stores over one file and across databases; and it stays within its bounds.
@Suite struct CareRecordCacheTests {
    private let week = EventQuery(
        from: Fixture.day("2025-06-01"), through: Fixture.day("2025-06-07"), timeZoneIdentifier: Fixture.newYork)

    /// A store over the database file of `fixture` (a second call opens the same file again), reading through
    /// `cache`.
    private func store(_ fixture: StorageFixture, cache: CareRecordCache) throws -> SQLiteCareStore {
        SQLiteCareStore(database: try fixture.open(SQLiteCareStore.migrations, durability: .normal), cache: cache)
    }

    /// The three Recover tasks and a week of check-in outcomes, written through `store`.
    private func addPlanWithAWeekOfCheckIns(to store: SQLiteCareStore) async throws {
        for task in [Fixture.checkIn(), Fixture.onboarding(), Fixture.rangeOfMotion()] {
            _ = try await store.addTask(task)
        }
        for occurrence in 0..<7 {
            _ = try await store.addOutcome(
                Fixture.outcome("o\(occurrence)", task: Fixture.checkIn(), occurrence: occurrence))
        }
    }

    @Test func aSecondFeedReadDecodesNoJSON() async throws {
        let cache = CareRecordCache()
        let store = try store(StorageFixture(), cache: cache)
        try await addPlanWithAWeekOfCheckIns(to: store)
        #expect(cache.decodeCount == 0)  // writes go through the shared cache, not this store's

        let first = try await store.events(week)
        #expect(cache.decodeCount == 3 + 7)  // 3 task versions, 7 outcomes' values
        let second = try await store.events(week)
        let tasks = try await store.tasks(CareTaskQuery())
        #expect(cache.decodeCount == 3 + 7)
        #expect(second == first)
        #expect(first.filter { $0.outcome != nil }.count == 7)
        #expect(tasks.map(\.versionID) == ["checkin-v1", "onboarding-v1", "rom-v1"])
    }

    @Test func anUpdatedOrDeletedTaskIsReadInItsNewVersionByEveryStore() async throws {
        let fixture = StorageFixture()
        let writer = try store(fixture, cache: CareRecordCache())
        let reader = try store(fixture, cache: CareRecordCache())
        let first = try await writer.addTask(Fixture.checkIn())
        _ = try await writer.events(on: Fixture.day("2025-06-10"), timeZoneIdentifier: Fixture.newYork)
        _ = try await reader.events(on: Fixture.day("2025-06-10"), timeZoneIdentifier: Fixture.newYork)
        let readerDecodes = reader.cache.decodeCount

        var second = first
        second.versionID = "checkin-v2"
        second.title = "Evening check-in"
        second.schedule = .daily(at: Fixture.clock("21:00"), from: Fixture.day("2025-06-01"))
        second.effectiveDate = Fixture.day("2025-06-10").startOfDay
        _ = try await writer.updateTask(second)
        for store in [writer, reader] {
            let events = try await store.events(on: Fixture.day("2025-06-10"), timeZoneIdentifier: Fixture.newYork)
            #expect(events.map(\.task) == [second])
            #expect(events.map(\.scheduleEvent.localStart.time.description) == ["21:00:00"])
            #expect(try await store.tasks(CareTaskQuery()) == [second])
        }
        #expect(reader.cache.decodeCount == readerDecodes + 1)  // only the new version
        let shared = try await reader.database.read { db in
            try SQLiteCareStore.events(
                EventQuery(day: Fixture.day("2025-06-10"), timeZoneIdentifier: Fixture.newYork), in: db)
        }
        #expect(shared.map(\.task.versionID) == ["checkin-v2"])

        _ = try await writer.deleteTask(
            id: "checkin", effectiveFrom: Fixture.day("2025-06-12").startOfDay, versionID: "checkin-v3")
        #expect(try await reader.events(on: Fixture.day("2025-06-12"), timeZoneIdentifier: Fixture.newYork).isEmpty)
        #expect(try await reader.tasks(CareTaskQuery()).isEmpty)
        #expect(
            try await reader.taskHistory(id: "checkin").map(\.versionID) == ["checkin-v1", "checkin-v2", "checkin-v3"])
    }

    @Test func anUpdatedOrDeletedOutcomeIsReadWithItsNewValues() async throws {
        let store = try store(StorageFixture(), cache: CareRecordCache())
        try await addPlanWithAWeekOfCheckIns(to: store)
        _ = try await store.events(week)
        let values = [OutcomeValue(.integer(4), kind: "checkin.form.pain")]
        _ = try await store.updateOutcome(id: "o2", values: values)
        #expect(try await store.events(week).first { $0.outcome?.id == "o2" }?.outcome?.values == values)
        #expect(try await store.outcomes(OutcomeQuery(taskIDs: ["checkin"])).first { $0.id == "o2" }?.values == values)
        _ = try await store.deleteOutcome(id: "o2")
        #expect(try await store.events(week).contains { $0.outcome?.id == "o2" } == false)
    }

    @Test func theSameVersionIDInAnotherDatabaseIsReadFromItsOwnRow() async throws {
        let cache = CareRecordCache()
        let morning = try store(StorageFixture(), cache: cache)
        let evening = try store(StorageFixture(), cache: cache)
        _ = try await morning.addTask(Fixture.checkIn())
        var other = Fixture.checkIn()
        other.title = "Evening check-in"
        _ = try await evening.addTask(other)
        #expect(try await morning.tasks(CareTaskQuery()).map(\.title) == ["Check-in"])
        #expect(try await evening.tasks(CareTaskQuery()).map(\.title) == ["Evening check-in"])
        #expect(try await morning.tasks(CareTaskQuery()).map(\.title) == ["Check-in"])
        #expect(cache.decodeCount == 3)
    }

    @Test func theStoreCacheKeepsNoMoreEntriesThanItsBound() async throws {
        let cache = CareRecordCache(entries: 4)
        let store = try store(StorageFixture(), cache: cache)
        let tasks = (0..<10).map { Fixture.checkIn(id: "task-\($0)", versionID: "task-\($0)-v1") }
        for task in tasks { _ = try await store.addTask(task) }
        for _ in 0..<3 {
            #expect(try await store.tasks(CareTaskQuery()) == tasks.sorted { $0.id < $1.id })
            #expect(cache.count <= 4)
        }
        #expect(cache.count > 0)
    }

    @Test func aCacheWithNoEntriesDecodesEveryRead() async throws {
        let cache = CareRecordCache(entries: 0)
        let store = try store(StorageFixture(), cache: cache)
        try await addPlanWithAWeekOfCheckIns(to: store)
        let first = try await store.events(week)
        #expect(try await store.events(week) == first)
        #expect(cache.decodeCount == 2 * (3 + 7))
        #expect(cache.count == 0)
    }
}
