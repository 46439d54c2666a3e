import Care
import CarePostgres
import CareSQLite
import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// What only the PostgreSQL care store has: its migrations and types, several instances on one database,
/// composed transactions, and every value read back exactly.
@Suite(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct PostgresCareStoreTests {
    @Test func migrationsFollowTheSQLiteHistoryAndApplyOnce() throws {
        #expect(PostgresCareStore.migrations.map(\.name) == SQLiteCareStore.migrations.map(\.name))
        let schema = try CareSchema()
        _ = try schema.store()
        let again = try schema.store()
        try again.database.migrate(PostgresCareStore.migrations)
        #expect(try again.database.appliedMigrationNames() == PostgresCareStore.migrations.map(\.name))
        let types = try again.database.read { db in
            try db.query(
                """
                SELECT column_name, data_type FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = 'care_outcome' ORDER BY ordinal_position
                """
            ).map { "\(try $0.string("column_name")) \(try $0.string("data_type"))" }
        }
        #expect(
            types == [
                "id text", "task_id text", "task_version_id text", "occurrence bigint", "event_start text",
                "values_json text", "created_at timestamp with time zone", "updated_at timestamp with time zone",
                "deleted_at timestamp with time zone",
            ])
    }

    @Test func twoInstancesOnOneDatabaseSeeEachOthersWrites() async throws {
        let schema = try CareSchema()
        let first = try schema.store()
        let second = try schema.store()
        let task = try await first.addTask(Sample.daily("checkin"))
        #expect(try await second.events(on: Sample.firstDay, timeZoneIdentifier: Sample.zone).map(\.task) == [task])

        let outcome = try await second.addOutcome(Sample.outcome("o-1", of: task, occurrence: 0))
        #expect(
            try await first.events(on: Sample.firstDay, timeZoneIdentifier: Sample.zone).map(\.outcome) == [outcome])
        let values = [OutcomeValue(.integer(4), kind: "pain")]
        _ = try await first.updateOutcome(id: "o-1", values: values)
        #expect(try await second.outcomes(OutcomeQuery()).map(\.values) == [values])

        var evening = Sample.daily("checkin", version: "checkin-v2", hour: 21)
        evening.effectiveDate = Sample.firstDay.addingDays(1).startOfDay
        _ = try await second.updateTask(evening)
        let tomorrow = try await first.events(on: Sample.firstDay.addingDays(1), timeZoneIdentifier: Sample.zone)
        #expect(tomorrow.map(\.task.versionID) == ["checkin-v2"])
        _ = try await first.deleteOutcome(id: "o-1")
        #expect(try await second.events(on: Sample.firstDay, timeZoneIdentifier: Sample.zone).map(\.outcome) == [nil])
    }

    @Test func everyRecordAndValueIsReadBackExactly() async throws {
        let schema = try CareSchema()
        let store = try schema.store()
        let patient = try await store.addPatient(
            Patient(
                id: "p-1", name: "Ada Lovelace", birthDate: LocalDate(year: 1980, month: 4, day: 2),
                timeZoneIdentifier: Sample.zone))
        let plan = try await store.addCarePlan(CarePlan(id: "plan-1", title: "Knee recovery", patientID: "p-1"))
        let contact = try await store.addContact(
            Contact(id: "c-1", name: "Dr. Lee", role: "Coordinator", email: "lee@example.org", carePlanID: "plan-1"))
        var task = Sample.daily("checkin")
        task.carePlanID = "plan-1"
        task.userInfo = ["survey": "checkin", "note": "ü \"quoted\" / \\ \t"]
        task = try await store.addTask(task)
        let values = [
            OutcomeValue(.double(91.25), kind: "range", unit: "deg"), OutcomeValue(.double(0.1)),
            OutcomeValue(.double(1e-7)), OutcomeValue(.double(-2.5e300)), OutcomeValue(.double(.leastNonzeroMagnitude)),
            OutcomeValue(.integer(Int.max)), OutcomeValue(.integer(Int.min)), OutcomeValue(.text("left 🦵")),
            OutcomeValue(.date(Sample.created.addingTimeInterval(0.123456789)), kind: "at"),
            OutcomeValue(.data(Data([0, 1, 255])), kind: "raw"), OutcomeValue(.boolean(false)),
        ]
        let outcome = try await store.addOutcome(Sample.outcome("o-1", of: task, occurrence: 4, values: values))
        let feed = try await store.events(on: Sample.firstDay.addingDays(4), timeZoneIdentifier: Sample.zone)

        let reopened = try schema.store()
        #expect(try await reopened.patient(id: "p-1") == patient)
        #expect(try await reopened.carePlans(patientID: "p-1") == [plan])
        #expect(try await reopened.contacts(carePlanID: nil) == [contact])
        #expect(try await reopened.tasks(CareTaskQuery(versions: .all)) == [task])
        #expect(try await reopened.outcomes(OutcomeQuery()) == [outcome])
        #expect(try await reopened.outcomes(OutcomeQuery(kinds: ["raw"])) == [outcome])
        #expect(try await reopened.outcomes(OutcomeQuery(kinds: ["pain"])).isEmpty)
        #expect(try await reopened.events(on: Sample.firstDay.addingDays(4), timeZoneIdentifier: Sample.zone) == feed)
        #expect(feed.first?.outcome == outcome)
    }

    @Test func aSecondFeedReadDecodesNoJSONAndAChangedRowIsDecodedAgain() async throws {
        let cache = CareRecordCache()
        let store = try CareSchema().store(cache: cache)
        for id in ["a", "b", "c"] { _ = try await store.addTask(Sample.daily(id)) }
        for occurrence in 0..<7 {
            _ = try await store.addOutcome(
                Sample.outcome("o\(occurrence)", of: Sample.daily("a"), occurrence: occurrence))
        }
        let week = EventQuery(
            from: Sample.firstDay, through: Sample.firstDay.addingDays(6), timeZoneIdentifier: Sample.zone)
        let first = try await store.events(week)
        #expect(cache.decodeCount == 3 + 7)
        #expect(try await store.events(week) == first)
        #expect(cache.decodeCount == 3 + 7)
        _ = try await store.updateOutcome(id: "o2", values: [OutcomeValue(.integer(4))])
        #expect(try await store.events(week).compactMap(\.outcome?.values).contains([OutcomeValue(.integer(4))]))
        #expect(cache.decodeCount == 3 + 7 + 1)
    }

    @Test func careWritesComposeWithTheCallersInOneTransaction() async throws {
        let store = try CareSchema().store()
        try await store.database.write { db in try db.execute("CREATE TABLE survey_result (id text PRIMARY KEY)") }
        let task = try await store.addTask(Sample.daily("checkin"))
        let outcome = Sample.outcome("o-1", of: task, occurrence: 2)
        for _ in 0..<2 {
            try await store.database.write { db in
                try db.execute("INSERT INTO survey_result (id) VALUES ($1) ON CONFLICT DO NOTHING", ["r-1"])
                _ = try PostgresCareStore.addOutcome(outcome, in: db)
            }
        }
        let missing = Sample.outcome("o-2", of: task, occurrence: -1)
        #expect(throws: CareStoreError.occurrenceNotFound(taskVersionID: "checkin-v1", occurrence: -1)) {
            try store.database.write { db in
                try db.execute("INSERT INTO survey_result (id) VALUES ($1)", ["r-2"])
                _ = try PostgresCareStore.addOutcome(missing, in: db)
            }
        }
        let results = try await store.database.read { db in
            try db.query("SELECT id FROM survey_result ORDER BY id").map { try $0.string("id") }
        }
        #expect(results == ["r-1"])
        #expect(try await store.outcomes(OutcomeQuery(includeDeleted: true)).map(\.id) == ["o-1"])
        for _ in 0..<2 {
            let report = try await store.database.write { db in
                try PostgresCareStore.addOutcomeReportingNew(outcome, in: db)
            }
            #expect(report.outcome.id == "o-1" && !report.isNew)
        }
    }
}
