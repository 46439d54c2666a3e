import Care
import Foundation
import Testing

/// The store contract for outcomes: idempotency, one live outcome per event, tombstones, queries by kind.
@Suite struct CareStoreContractOutcomeTests {
    @Test(arguments: StoreKind.all) func sameOutcomeIDTwiceStoresOneOutcome(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        let task = try await store.addTask(Fixture.checkIn())
        let outcome = Fixture.outcome("o-1", task: task, occurrence: 3)
        let first = try await store.addOutcome(outcome)
        let again = try await store.addOutcome(outcome)
        #expect(first == again)
        #expect(first.eventStart == Fixture.time("2025-06-04T08:00"))
        #expect(try await store.outcomes(OutcomeQuery()) == [first])
        #expect(try await fixture.reopened().outcomes(OutcomeQuery()) == [first])
        await expectStoreError(.duplicateID(entity: "outcome", id: "o-1")) {
            _ = try await store.addOutcome(Fixture.outcome("o-1", task: task, occurrence: 4))
        }
        #expect(try await store.outcomes(OutcomeQuery()) == [first])
    }

    @Test(arguments: StoreKind.all) func secondOutcomeForAnEventIsRefused(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        let task = try await store.addTask(Fixture.checkIn())
        _ = try await store.addOutcome(Fixture.outcome("o-1", task: task, occurrence: 3))
        await expectStoreError(.outcomeAlreadyRecorded(taskID: "checkin", occurrence: 3, existingOutcomeID: "o-1")) {
            _ = try await store.addOutcome(Fixture.outcome("o-2", task: task, occurrence: 3))
        }
        #expect(try await store.outcomes(OutcomeQuery()).map(\.id) == ["o-1"])
    }

    @Test(arguments: StoreKind.all) func outcomeForAMissingOccurrenceIsRefused(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        let rom = try await store.addTask(Fixture.rangeOfMotion())
        await expectStoreError(.occurrenceNotFound(taskVersionID: "rom-v1", occurrence: 11)) {
            _ = try await store.addOutcome(Fixture.outcome("o-1", task: rom, occurrence: 11))
        }
        await expectStoreError(.occurrenceNotFound(taskVersionID: "rom-v1", occurrence: -1)) {
            _ = try await store.addOutcome(Fixture.outcome("o-1", task: rom, occurrence: -1))
        }
        var stranger = Fixture.outcome("o-1", task: rom, occurrence: 0)
        stranger.taskVersionID = "no-such-version"
        await expectStoreError(.unknownTaskVersion("no-such-version")) { _ = try await store.addOutcome(stranger) }
        #expect(try await store.outcomes(OutcomeQuery(includeDeleted: true)).isEmpty)
    }

    @Test(arguments: StoreKind.all) func occurrenceBeforeAVersionTakesEffectIsRefused(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        _ = try await store.addTask(Fixture.checkIn())
        var second = Fixture.checkIn(versionID: "checkin-v2")
        second.effectiveDate = Fixture.day("2025-06-10").startOfDay
        let v2 = try await store.updateTask(second)
        await expectStoreError(.occurrenceNotFound(taskVersionID: "checkin-v2", occurrence: 2)) {
            _ = try await store.addOutcome(Fixture.outcome("o-1", task: v2, occurrence: 2))
        }
        #expect(
            try await store.addOutcome(Fixture.outcome("o-1", task: v2, occurrence: 9)).eventStart?.date
                == Fixture.day("2025-06-10"))
    }

    @Test(arguments: StoreKind.all) func deletedOutcomeIsATombstoneAndFreesTheEvent(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        let task = try await store.addTask(Fixture.checkIn())
        _ = try await store.addOutcome(Fixture.outcome("o-1", task: task, occurrence: 0))
        let tombstone = try await store.deleteOutcome(id: "o-1")
        #expect(tombstone.deletedDate != nil)
        #expect(try await store.deleteOutcome(id: "o-1") == tombstone)
        #expect(try await store.outcomes(OutcomeQuery()).isEmpty)
        #expect(try await store.outcomes(OutcomeQuery(includeDeleted: true)) == [tombstone])
        await expectStoreError(.outcomeDeleted("o-1")) { _ = try await store.updateOutcome(id: "o-1", values: []) }
        let replacement = try await store.addOutcome(Fixture.outcome("o-2", task: task, occurrence: 0))
        let feed = try await store.events(on: Fixture.day("2025-06-01"), timeZoneIdentifier: Fixture.newYork)
        #expect(feed.map(\.outcome) == [replacement])
        #expect(try await fixture.reopened().outcomes(OutcomeQuery(includeDeleted: true)).count == 2)
        await expectStoreError(.unknownOutcome("o-9")) { _ = try await store.deleteOutcome(id: "o-9") }
    }

    @Test(arguments: StoreKind.all) func updatedOutcomeKeepsItsIdentity(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        let task = try await store.addTask(Fixture.checkIn())
        _ = try await store.addOutcome(Fixture.outcome("o-1", task: task, occurrence: 0))
        let updated = try await store.updateOutcome(id: "o-1", values: [OutcomeValue(.integer(4), kind: "pain")])
        #expect(updated.values == [OutcomeValue(.integer(4), kind: "pain")])
        #expect(updated.createdDate == Fixture.created)
        #expect(try await store.outcomes(OutcomeQuery()) == [updated])
    }

    @Test(arguments: StoreKind.all) func outcomeQueriesFilterByTaskDayAndKind(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        let checkIn = try await store.addTask(Fixture.checkIn())
        let rom = try await store.addTask(Fixture.rangeOfMotion())
        for day in 0..<5 {
            let values = [
                OutcomeValue(.integer(day + 1), kind: "checkin.form.pain"),
                OutcomeValue(.integer(7), kind: "checkin.form.sleep", unit: "h"),
            ]
            _ = try await store.addOutcome(Fixture.outcome("c-\(day)", task: checkIn, occurrence: day, values: values))
        }
        _ = try await store.addOutcome(
            Fixture.outcome(
                "r-0", task: rom, occurrence: 0, values: [OutcomeValue(.double(92.5), kind: "range", unit: "deg")]))

        #expect(try await store.outcomes(OutcomeQuery(taskIDs: ["rangeOfMotionCheck"])).map(\.id) == ["r-0"])
        let june2to3 = OutcomeQuery(dateInterval: Fixture.day("2025-06-02")...Fixture.day("2025-06-03"))
        #expect(try await store.outcomes(june2to3).map(\.id) == ["r-0", "c-1", "c-2"])
        #expect(try await store.outcomes(OutcomeQuery(kinds: ["range"])).map(\.id) == ["r-0"])
        #expect(try await store.outcomes(OutcomeQuery(limit: 2, offset: 1)).map(\.id) == ["r-0", "c-1"])

        // Defect 8: two series of one task stay apart because values are selected by kind.
        let pain = try await store.outcomeSeries(kind: "checkin.form.pain", taskIDs: ["checkin"])
        let sleep = try await store.outcomeSeries(kind: "checkin.form.sleep", taskIDs: ["checkin"])
        #expect(pain.points.map(\.value) == [1, 2, 3, 4, 5])
        #expect(sleep.points.map(\.value) == [7, 7, 7, 7, 7])
        #expect(
            pain.points.map(\.day.description) == [
                "2025-06-01", "2025-06-02", "2025-06-03", "2025-06-04", "2025-06-05",
            ])
    }
}
