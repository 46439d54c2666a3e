import Care
import CareSQLite
import Foundation
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

/// The work of one check-in answer, from the form post to the rows (docs/architecture.md).
struct CheckinSubmissionTests {
    func onboardedAtTheCheckin() throws -> StudyClient {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        client.open("/survey/checkin/0")
        return client
    }

    /// The run id the step page carries (the client's submission id).
    func runID(_ page: String) throws -> String {
        let marker = #"name="run" value=""#
        let start = try #require(page.range(of: marker)).upperBound
        let end = try #require(page[start...].firstIndex(of: "\""))
        return String(page[start..<end])
    }

    func checkinOutcomes(_ client: StudyClient) throws -> [Outcome] {
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        return try client.database.read { db in
            try SQLiteCareStore.outcomes(OutcomeQuery(taskIDs: ["\(account.id).checkin"]), in: db)
        }
    }

    func form(run: String) -> [String: String] {
        ["step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7", "run": run]
    }

    @Test func aCheckinSubmissionIsOneReadAndOneWriteTransaction() throws {
        var client = try onboardedAtTheCheckin()
        let run = try runID(client.lastPage)
        let before = client.database.activity
        let response = client.post("/survey/checkin/0", form: form(run: run))
        let work = client.database.activity.since(before)
        #expect(response.status == .seeOther)
        #expect(work.readTransactions == 1)  // the session with its account
        #expect(work.writeTransactions == 1)  // participant, event, draft, then result + outcome + audit
        #expect(work.statements > 0 && work.statements <= 40)
        #expect(try checkinOutcomes(client).count == 1)
    }

    @Test func aRetriedFinalSubmissionAnswersLikeTheFirstAndStoresOneOutcome() throws {
        var client = try onboardedAtTheCheckin()
        let run = try runID(client.lastPage)
        let first = client.post("/survey/checkin/0", form: form(run: run))
        let retry = client.post("/survey/checkin/0", form: form(run: run))
        #expect(first.status == .seeOther)
        #expect(retry.status == first.status)
        #expect(retry.headers["Location"] == first.headers["Location"])
        let stored = try checkinOutcomes(client)
        #expect(stored.count == 1)
        #expect(stored.first?.id == run)
        // Another run for the same event (another device) is still told it is already done.
        #expect(client.post("/survey/checkin/0", form: form(run: "another-run")).status == .conflict)
        #expect(try checkinOutcomes(client).count == 1)
    }
}
