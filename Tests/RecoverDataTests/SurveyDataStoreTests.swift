import CareSQLite
import Foundation
import RecoverData
import SQLite
import Testing

@Suite struct SurveyDataStoreTests {
    private let database: Database
    private let store: SurveyDataStore
    private let now = DatabaseDate.rounded(Date(timeIntervalSince1970: 1_790_000_000))

    init() throws {
        database = try StorageFixture().open(SurveyDataStore.schema.sqliteMigrations)
        store = SurveyDataStore(database: database)
    }

    private func result(_ id: String, task: String = "check-in", occurrence: Int = 3, at offset: TimeInterval = 0)
        -> SurveyResultRecord
    {
        SurveyResultRecord(
            id: id, patientID: "patient-1", taskID: task, occurrence: occurrence, surveyID: "checkin",
            completedAt: now.addingTimeInterval(offset), json: Data(#"{"pain":3,"sleep":7}"#.utf8))
    }

    @Test func draftIsSavedReplacedAndDeleted() throws {
        let first = SurveyDraftRecord(
            patientID: "patient-1", taskID: "check-in", occurrence: 3, json: Data(#"{"step":1}"#.utf8), updatedAt: now)
        try store.saveDraft(first)
        #expect(try store.draft(patientID: "patient-1", taskID: "check-in", occurrence: 3) == first)
        var second = first
        second.json = Data(#"{"step":2}"#.utf8)
        second.updatedAt = now.addingTimeInterval(60)
        try store.saveDraft(second)
        #expect(try store.draft(patientID: "patient-1", taskID: "check-in", occurrence: 3) == second)
        #expect(try store.draft(patientID: "patient-1", taskID: "check-in", occurrence: 4) == nil)
        try store.deleteDraft(patientID: "patient-1", taskID: "check-in", occurrence: 3)
        #expect(try store.draft(patientID: "patient-1", taskID: "check-in", occurrence: 3) == nil)
    }

    @Test func savingTheSameResultIdTwiceStoresOneResult() throws {
        #expect(try store.saveResult(result("r1")))
        var retry = result("r1")
        retry.json = Data("{}".utf8)
        #expect(try !store.saveResult(retry))
        #expect(try store.results(patientID: "patient-1") == [result("r1")])
    }

    @Test func resultsAreQueriedByPatientAndTaskInCompletionOrder() throws {
        try store.saveResult(result("late", at: 100))
        try store.saveResult(result("early", at: 0))
        try store.saveResult(result("rom", task: "range-of-motion", at: 50))
        var other = result("other")
        other.patientID = "patient-2"
        try store.saveResult(other)
        #expect(try store.results(patientID: "patient-1").map(\.id) == ["early", "rom", "late"])
        #expect(try store.results(patientID: "patient-1", taskID: "check-in").map(\.id) == ["early", "late"])
        #expect(try store.result(id: "rom") == result("rom", task: "range-of-motion", at: 50))
        #expect(try store.deleteResult(id: "rom"))
        #expect(try !store.deleteResult(id: "rom"))
        #expect(try store.result(id: "rom") == nil)
    }

    @Test func completingStoresResultDeletesDraftAndRunsExtraWritesOnce() throws {
        try database.write { db in try db.execute("CREATE TABLE outcome_probe (result_id TEXT PRIMARY KEY)") }
        try store.saveDraft(
            SurveyDraftRecord(patientID: "patient-1", taskID: "check-in", occurrence: 3, json: Data("{}".utf8)))
        let first = try store.writeCompleted(result("r1")) { db in
            try db.execute("INSERT INTO outcome_probe (result_id) VALUES (?)", ["r1"])
        }
        let retried = try store.writeCompleted(result("r1")) { db in
            try db.execute("INSERT INTO outcome_probe (result_id) VALUES (?)", ["r1"])
        }
        #expect(first)
        #expect(!retried)
        #expect(try store.draft(patientID: "patient-1", taskID: "check-in", occurrence: 3) == nil)
        let probes = try database.read { db in try db.queryOne("SELECT count(*) AS n FROM outcome_probe")?.int("n") }
        #expect(probes == 1)
    }

    @Test func failingExtraWriteLeavesResultUnsavedAndDraftInPlace() throws {
        struct OutcomeRejected: Error {}
        let draft = SurveyDraftRecord(
            patientID: "patient-1", taskID: "check-in", occurrence: 3, json: Data("{}".utf8), updatedAt: now)
        try store.saveDraft(draft)
        #expect(throws: OutcomeRejected.self) {
            try store.writeCompleted(result("r1")) { _ in throw OutcomeRejected() }
        }
        #expect(try store.result(id: "r1") == nil)
        #expect(try store.draft(patientID: "patient-1", taskID: "check-in", occurrence: 3) == draft)
    }

    @Test func connectionFunctionsComposeWithOtherStoresInOneTransaction() throws {
        let fixture = StorageFixture()
        let database = try fixture.open(AccountStore.schema.sqliteMigrations + SurveyDataStore.schema.sqliteMigrations)
        let account = Account(email: "ana@example.org", passwordHash: "h", role: .participant)
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try StudyStorage(database).write { db in
                try AccountStore.createAccount(account, in: db)
                try SurveyDataStore.saveResult(result("r1"), in: db)
                throw Abandon()
            }
        }
        let (storedAccount, storedResult) = try StudyStorage(database).read { db in
            (try AccountStore.account(id: account.id, in: db), try SurveyDataStore.result(id: "r1", in: db))
        }
        #expect(storedAccount == nil)
        #expect(storedResult == nil)
    }

    @Test func jsonBytesComeBackExactly() throws {
        var record = result("bytes")
        record.json = Data([0x7B, 0x00, 0xFF, 0x7D])
        try store.saveResult(record)
        #expect(try store.result(id: "bytes")?.json == record.json)
    }
}
