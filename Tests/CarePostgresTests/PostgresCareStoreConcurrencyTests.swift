import Care
import CarePostgres
import Foundation
import Postgres
import PostgresTestSupport
import Synchronization
import Testing

/// Several writers at once, as several `recover serve` instances on one database: the database keeps one live
/// outcome per event, and serialization failures are retried without the caller seeing them.
@Suite(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct PostgresCareStoreConcurrencyTests {
    @Test func concurrentWritersOnOneEventLeaveExactlyOneLiveOutcome() async throws {
        let schema = try CareSchema()
        let instances = try [schema.store(), schema.store()]
        let task = try await instances[0].addTask(Sample.daily("checkin"))
        let results = await withTaskGroup(of: Result<Outcome, any Error>.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    do {
                        let outcome = Sample.outcome("w-\(writer)", of: task, occurrence: 3)
                        return .success(try await instances[writer % 2].addOutcome(outcome))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let stored = results.compactMap { try? $0.get() }
        #expect(stored.count == 1)
        let winner = try #require(stored.first).id
        for case .failure(let error) in results {
            #expect(
                error as? CareStoreError
                    == .outcomeAlreadyRecorded(taskID: "checkin", occurrence: 3, existingOutcomeID: winner))
        }
        #expect(try await instances[1].outcomes(OutcomeQuery()).map(\.id) == [winner])
    }

    @Test func theDatabaseItselfRefusesASecondLiveOutcomeForAnEvent() async throws {
        let store = try CareSchema().store()
        let task = try await store.addTask(Sample.daily("checkin"))
        _ = try await store.addOutcome(Sample.outcome("o-1", of: task, occurrence: 0))
        let insert = """
            INSERT INTO care_outcome (id, task_id, task_version_id, occurrence, event_start, values_json, created_at,
            updated_at) VALUES ($1, 'checkin', 'checkin-v1', 0, '2025-06-01T08:00:00', '[]', now(), now())
            """
        #expect {
            try store.database.write { db in try db.execute(insert, ["o-2"]) }
        } throws: { error in
            let error = error as? PostgresError
            return error?.category == .uniqueViolation && error?.constraint == "care_outcome_live_event"
        }
        _ = try await store.deleteOutcome(id: "o-1")
        try await store.database.write { db in try db.execute(insert, ["o-2"]) }
        #expect(try await store.outcomes(OutcomeQuery()).map(\.id) == ["o-2"])
    }

    @Test func aSerializationFailureIsRetriedWithoutTheCallerSeeingIt() throws {
        let schema = try CareSchema()
        let instances = try [schema.store(), schema.store()]
        let task = try instances[0].database.write { db in
            try PostgresCareStore.addTask(Sample.daily("checkin"), in: db)
        }
        let before = instances.map(\.database.activity.retries)
        // Each reads the outcomes, waits until the other has read them too, then records another event: under
        // SERIALIZABLE one of the two must fail and run again, and both outcomes are stored.
        let bothRead = Rendezvous(parties: 2)
        let attempts = [Attempts(), Attempts()]
        let results = concurrently(
            (0..<2).map { writer in
                { @Sendable in
                    try instances[writer].database.write { db in
                        _ = try PostgresCareStore.outcomes(OutcomeQuery(taskIDs: ["checkin"]), in: db)
                        if attempts[writer].next() == 1 { bothRead.arriveAndWait() }
                        return try PostgresCareStore.addOutcome(
                            Sample.outcome("o-\(writer)", of: task, occurrence: writer), in: db)
                    }
                }
            })
        #expect(try results.map { try $0.get().id } == ["o-0", "o-1"])
        let retries = zip(instances, before).map { $0.database.activity.retries - $1 }.reduce(0, +)
        let runs = attempts.map(\.count).reduce(0, +)
        #expect(retries >= 1)
        #expect(runs == 2 + retries)
        let stored = try instances[1].database.read { db in try PostgresCareStore.outcomes(OutcomeQuery(), in: db) }
        #expect(stored.map(\.id) == ["o-0", "o-1"])
    }

    @Test func eightWritersOnTwoInstancesLoseAndDuplicateNothing() async throws {
        let schema = try CareSchema()
        let instances = try [schema.store(connections: 8), schema.store(connections: 8)]
        let task = try await instances[0].addTask(Sample.daily("checkin"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for item in 0..<10 {
                        let outcome = Sample.outcome("w\(writer)-\(item)", of: task, occurrence: writer * 10 + item)
                        _ = try await instances[writer % 2].addOutcome(outcome)
                        _ = try await instances[(writer + 1) % 2].addOutcome(outcome)
                    }
                }
            }
            try await group.waitForAll()
        }
        let stored = try await instances[0].outcomes(OutcomeQuery())
        #expect(stored.count == 80)
        #expect(Set(stored.map(\.occurrenceIndex)) == Set(0..<80))
    }
}

/// How often a transaction's closure has run.
private final class Attempts: Sendable {
    private let runs = Atomic<Int>(0)

    /// Counts one more run and returns its number, from 1.
    func next() -> Int { runs.add(1, ordering: .sequentiallyConsistent).newValue }

    var count: Int { runs.load(ordering: .sequentiallyConsistent) }
}
