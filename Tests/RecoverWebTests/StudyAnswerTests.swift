import Care
import CareSQLite
import Foundation
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

struct StudyAnswerTests {
    /// A participant who has finished onboarding today.
    func onboarded() throws -> StudyClient {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        return client
    }

    func outcomes(_ client: StudyClient, task: String) throws -> [Outcome] {
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        return try client.database.read { db in
            try SQLiteCareStore.outcomes(OutcomeQuery(taskIDs: ["\(account.id).\(task)"]), in: db)
        }
    }

    @Test func checkinAnswersShowOnTheCard() throws {
        var client = try onboarded()
        client.open("/survey/checkin/0")
        #expect(client.lastPage.contains("Step 1 of 1"))
        let done = client.post(
            "/survey/checkin/0",
            form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7"])
        #expect(done.status == .seeOther)
        client.get("/")
        #expect(client.lastPage.contains("Pain 3 · Sleep 7 h"))
        #expect(try outcomes(client, task: "checkin").count == 1)
    }

    @Test func outOfRangeAnswersAreRefusedBesideTheItemAndChangeNothing() throws {
        var client = try onboarded()
        client.open("/survey/checkin/0")
        let refused = client.post(
            "/survey/checkin/0",
            form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "11", "checkin.form.sleep": ""])
        #expect(refused.status == .unprocessableContent)
        #expect(client.lastPage.contains("Choose a value from 1 to 10."))
        #expect(client.lastPage.contains("id=\"checkin.form.pain-error\""))
        let missing = client.post(
            "/survey/checkin/0", form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "3"])
        #expect(missing.status == .unprocessableContent)
        #expect(client.lastPage.contains("Please answer this question."))
        #expect(client.lastPage.contains("id=\"checkin.form.sleep-error\""))
        #expect(try outcomes(client, task: "checkin").isEmpty)
    }

    @Test func aPostForAnotherStepIsRefused() throws {
        var client = try onboarded()
        client.open("/survey/checkin/0")
        let refused = client.post(
            "/survey/checkin/0", form: ["step": "rom.instruction", "action": "next", "checkin.form.pain": "3"])
        #expect(refused.status == .conflict)
        #expect(try outcomes(client, task: "checkin").isEmpty)
    }

    @Test func anotherParticipantsEventCannotBeNamed() throws {
        var client = try onboarded()
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        #expect(client.get("/survey/\(account.id).checkin/0").status == .notFound)
        #expect(client.get("/survey/rangeOfMotionCheck/11").status == .notFound)
        #expect(client.get("/survey/checkin/-1").status == .notFound)
        var other = client
        other.cookies = [:]
        try other.join(email: "other@example.com")
        // The other participant is gated: their own onboarding only; nothing of the first one is reachable.
        #expect(other.get("/survey/checkin/0").status == .seeOther)
        let forged = other.post(
            "/survey/checkin/0",
            form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7"])
        #expect(forged.status == .forbidden)
        #expect(try outcomes(client, task: "checkin").isEmpty)
    }

    @Test func aFutureEventCannotBeStartedOrAnswered() throws {
        var client = try onboarded()
        #expect(client.get("/survey/checkin/1").status == .forbidden)
        let forged = client.post(
            "/survey/checkin/1",
            form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7"])
        #expect(forged.status == .forbidden)
        #expect(try outcomes(client, task: "checkin").isEmpty)
    }

    @Test func aReplayedFinalSubmissionCreatesNoSecondOutcome() throws {
        var client = try onboarded()
        client.open("/survey/checkin/0")
        let form = ["step": "checkin.form", "action": "next", "checkin.form.pain": "4", "checkin.form.sleep": "6"]
        #expect(client.post("/survey/checkin/0", form: form).status == .seeOther)
        let replay = client.post("/survey/checkin/0", form: form)
        #expect(replay.status == .conflict)
        #expect(try outcomes(client, task: "checkin").count == 1)
        // Onboarding again is refused too: one onboarding outcome, one consent.
        let again = client.post("/survey/onboarding/0", form: ["step": "onboarding.completionStep", "action": "next"])
        #expect(again.status == .forbidden)
        #expect(try outcomes(client, task: "onboarding").count == 1)
    }

    @Test func lateEventsCanStillBeCompleted() throws {
        var client = try onboarded()
        client.moveToday(by: 2)
        client.get("/", query: ["day": dayString(client, offset: 0)])
        #expect(client.lastPage.contains("Late"))
        client.open("/survey/checkin/0")
        let done = client.post(
            "/survey/checkin/0",
            form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "2", "checkin.form.sleep": "8"])
        #expect(done.status == .seeOther)
        #expect(try outcomes(client, task: "checkin").count == 1)
    }

    @Test func answersOfTodayCanBeDeletedAfterConfirmationButNotOfPastDays() throws {
        var client = try onboarded()
        client.open("/survey/checkin/0")
        client.post(
            "/survey/checkin/0",
            form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7"])
        #expect(client.get("/answer/checkin/0/delete").status == .ok)
        #expect(client.lastPage.contains("Pain 3 · Sleep 7 h"))
        #expect(client.post("/answer/checkin/0/delete", form: [:]).status == .seeOther)
        #expect(try outcomes(client, task: "checkin").isEmpty)
        // Answer again, then move to tomorrow: yesterday's answer stays.
        client.open("/survey/checkin/0")
        client.post(
            "/survey/checkin/0",
            form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "5", "checkin.form.sleep": "5"])
        client.moveToday(by: 1)
        client.get("/")
        #expect(client.post("/answer/checkin/0/delete", form: [:]).status == .forbidden)
        #expect(try outcomes(client, task: "checkin").count == 1)
        #expect(client.post("/answer/onboarding/0/delete", form: [:]).status == .forbidden)
        #expect(client.post("/answer/checkin/0/delete", fields: [:], includeCSRF: false).status == .forbidden)
    }

    @Test func rangeOfMotionIsComputedOnTheServerFromEulerSamples() throws {
        var client = try onboarded()
        client.open("/survey/rangeOfMotionCheck/0")
        client.post("/survey/rangeOfMotionCheck/0", form: ["step": "rom.instruction", "action": "next"])
        var samples: [String] = []
        for (index, beta)
            in (Array(stride(from: 30.0, through: 105, by: 5)) + Array(stride(from: 100.0, through: 40, by: -5)))
            .enumerated()
        {
            samples.append("[0,\(beta),0,\(index * 16)]")
        }
        let measured = client.post(
            "/survey/rangeOfMotionCheck/0",
            form: [
                "step": "knee.range.of.motion", "action": "next",
                "range.samples": "[\(samples.joined(separator: ","))]",
            ])
        #expect(measured.status == .seeOther)
        #expect(measured.header("Location") == "/survey/rangeOfMotionCheck/0/done")
        // The measurement was the last answer: stored, and its completion page shows the result.
        #expect(client.get("/survey/rangeOfMotionCheck/0/done").status == .ok)
        let outcome = try #require(try outcomes(client, task: "rangeOfMotionCheck").first)
        let range = try #require(outcome.values.first?.numericValue)
        #expect(abs(range - 75) < 1)
        client.get("/")
        #expect(client.lastPage.contains("Range 75°"))
    }

    @Test func manualRangeIsRecordedAsManualAndOutOfBoundsIsRefused() throws {
        var client = try onboarded()
        client.open("/survey/rangeOfMotionCheck/0")
        client.post("/survey/rangeOfMotionCheck/0", form: ["step": "rom.instruction", "action": "next"])
        let refused = client.post(
            "/survey/rangeOfMotionCheck/0",
            form: ["step": "knee.range.of.motion", "action": "next", "range.manualAngle": "400"])
        #expect(refused.status == .unprocessableContent)
        let nothing = client.post(
            "/survey/rangeOfMotionCheck/0", form: ["step": "knee.range.of.motion", "action": "next"])
        #expect(nothing.status == .unprocessableContent)
        client.post(
            "/survey/rangeOfMotionCheck/0",
            form: ["step": "knee.range.of.motion", "action": "next", "range.manualAngle": "82"])
        // The measurement was the last answer: stored, and its completion page shows the result.
        #expect(client.get("/survey/rangeOfMotionCheck/0/done").status == .ok)
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        let results = try SurveyDataStore(database: client.database).results(
            patientID: account.id, taskID: "\(account.id).rangeOfMotionCheck")
        let json = String(decoding: try #require(results.first).json, as: UTF8.self)
        #expect(json.replacingOccurrences(of: " ", with: "").contains("\"isManual\":true"))
        client.get("/")
        #expect(client.lastPage.contains("Range 82°"))
    }

    @Test func rangeOfMotionCardAppearsOnDays1_7_8_15ButNot9_14_40() throws {
        var client = try onboarded()
        func hasCard(onDay day: Int) -> Bool {
            client.moveToday(by: day - 1)
            client.get("/")
            return client.lastPage.contains("data-task=\"rangeOfMotionCheck\"")
        }
        for day in [1, 7, 8, 15] { #expect(hasCard(onDay: day), "day \(day)") }
        for day in [9, 14, 40] { #expect(!hasCard(onDay: day), "day \(day)") }
    }

    @Test func aWithdrawnParticipantCanNoLongerAnswerOrDelete() throws {
        var client = try onboarded()
        client.open("/survey/checkin/0")
        client.post(
            "/survey/checkin/0",
            form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7"])
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        try AccountStore(database: client.database).withdraw(accountID: account.id, at: client.clock.now)
        #expect(client.get("/survey/rangeOfMotionCheck/0").status == .forbidden)
        let post = client.post("/survey/rangeOfMotionCheck/0", form: ["step": "rom.instruction", "action": "next"])
        #expect(post.status == .forbidden)
        #expect(client.post("/answer/checkin/0/delete", form: [:]).status == .forbidden)
        #expect(try outcomes(client, task: "checkin").count == 1)
    }

    func dayString(_ client: StudyClient, offset: Int) -> String {
        let zone = TimeZone(identifier: "Asia/Shanghai") ?? .gmt
        return LocalDateTime(instant: client.clock.now, in: zone).date.addingDays(offset).description
    }
}
