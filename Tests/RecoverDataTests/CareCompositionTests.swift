import Care
import CareSQLite
import Foundation
import RecoverData
import SQLite
import Testing

/// What only the SQLite care store has: migrations, composed transactions, reopening a file.
@Suite struct SQLiteCareStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "care-sqlite-\(UUID().uuidString)", isDirectory: true)
    var url: URL { folder.appendingPathComponent("recover.sqlite") }

    private func openShared() throws -> Database {
        try RecoverSchema.open(
            at: url, migrations: SurveyDataStore.schema.sqliteMigrations + SQLiteCareStore.migrations)
    }

    private func result(id: String, occurrence: Int) -> SurveyResultRecord {
        SurveyResultRecord(
            id: id, patientID: "p-1", taskID: "checkin", occurrence: occurrence, surveyID: "checkin",
            completedAt: Fixture.created, json: Data(#"{"pain":3}"#.utf8))
    }

    @Test func surveyResultAndOutcomeCommitTogetherAndARetryWritesNothingTwice() async throws {
        let database = try openShared()
        let care = SQLiteCareStore(database: database)
        let surveys = SurveyDataStore(database: database)
        let task = try await care.addTask(Fixture.checkIn())
        let outcome = Fixture.outcome(
            "o-1", task: task, occurrence: 2, values: [OutcomeValue(.integer(3), kind: "pain")])
        for _ in 0..<2 {
            try surveys.writeCompleted(result(id: "r-1", occurrence: 2)) { db in
                _ = try db.care.addOutcome(outcome)
            }
        }
        #expect(try await care.outcomes(OutcomeQuery()).map(\.id) == ["o-1"])
        #expect(try surveys.result(id: "r-1") != nil)
    }

    @Test func aRefusedOutcomeRollsBackTheWholeComposedTransaction() async throws {
        let database = try openShared()
        let care = SQLiteCareStore(database: database)
        let surveys = SurveyDataStore(database: database)
        _ = try await care.addTask(Fixture.rangeOfMotion())
        let missing = Outcome(
            id: "o-1", taskID: "rangeOfMotionCheck", taskVersionID: "rom-v1", occurrenceIndex: 40, values: [])
        #expect(throws: CareStoreError.occurrenceNotFound(taskVersionID: "rom-v1", occurrence: 40)) {
            try surveys.writeCompleted(result(id: "r-1", occurrence: 40)) { db in
                _ = try db.care.addOutcome(missing)
            }
        }
        #expect(try surveys.result(id: "r-1") == nil)
        #expect(try await care.outcomes(OutcomeQuery(includeDeleted: true)).isEmpty)
    }

    @Test func addOutcomeReportsWhetherTheWriteWasNew() throws {
        let care = try SQLiteCareStore.open(at: url)
        let task = try care.database.write { db in try SQLiteCareStore.addTask(Fixture.checkIn(), in: db) }
        let outcome = Fixture.outcome("o-1", task: task, occurrence: 0)
        let first = try care.database.write { db in try SQLiteCareStore.addOutcomeReportingNew(outcome, in: db) }
        let second = try care.database.write { db in try SQLiteCareStore.addOutcomeReportingNew(outcome, in: db) }
        #expect(first.isNew && !second.isNew)
        #expect(first.outcome == second.outcome)
    }

    @Test func reopeningTheFileReturnsEveryRecordExactly() async throws {
        let store = try SQLiteCareStore.open(at: url)
        let patient = try await store.addPatient(
            Patient(
                id: "p-1", name: "Ada Lovelace", birthDate: Fixture.day("1980-04-02"),
                timeZoneIdentifier: Fixture.newYork))
        let plan = try await store.addCarePlan(CarePlan(id: "plan-1", title: "Knee recovery", patientID: "p-1"))
        let contact = try await store.addContact(
            Contact(id: "c-1", name: "Dr. Lee", role: "Coordinator", email: "lee@example.org", carePlanID: "plan-1"))
        let rom = try await store.addTask(Fixture.rangeOfMotion())
        let outcome = try await store.addOutcome(
            Fixture.outcome(
                "o-1", task: rom, occurrence: 4,
                values: [
                    OutcomeValue(.double(91.25), kind: "range", unit: "deg"), OutcomeValue(.text("left"), kind: "knee"),
                    OutcomeValue(.date(Fixture.created), kind: "at"),
                    OutcomeValue(.data(Data([0, 1, 255])), kind: "raw"),
                    OutcomeValue(.boolean(false)), OutcomeValue(.integer(-7)),
                ]))
        let feed = try await store.events(on: Fixture.day("2025-06-06"), timeZoneIdentifier: Fixture.newYork)

        let reopened = try SQLiteCareStore.open(at: url)
        #expect(try await reopened.patient(id: "p-1") == patient)
        #expect(try await reopened.carePlans(patientID: "p-1") == [plan])
        #expect(try await reopened.contacts(carePlanID: nil) == [contact])
        #expect(try await reopened.tasks(CareTaskQuery(versions: .all)) == [rom])
        #expect(try await reopened.outcomes(OutcomeQuery()) == [outcome])
        #expect(try await reopened.events(on: Fixture.day("2025-06-06"), timeZoneIdentifier: Fixture.newYork) == feed)
        #expect(feed.first?.outcome == outcome)
    }

    @Test func careMigrationsAreNamedAndAppliedOnce() throws {
        #expect(SQLiteCareStore.migrations.map(\.name) == ["care-001-create", "care-002-outcome-values-as-written"])
        _ = try SQLiteCareStore.open(at: url)
        let again = try SQLiteCareStore.open(at: url)
        let applied = try again.database.read { db in
            try db.query("SELECT name FROM schema_migrations WHERE name LIKE 'care-%'").map { try $0.string("name") }
        }
        #expect(applied == ["care-001-create", "care-002-outcome-values-as-written"])
    }
}
