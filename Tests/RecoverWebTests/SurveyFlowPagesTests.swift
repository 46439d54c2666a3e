import Care
import CareSQLite
import Foundation
import Recover
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

/// The survey flow's pages in-process: step URLs, Back holding a page, the last answer storing the result
/// before the completion page, a timed-out session that signs in again to its step with the answers, Change,
/// the feed's one-time note, "You're done for today" and friendly error titles.
struct SurveyFlowPagesTests {
    func onboarded() throws -> StudyClient {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        return client
    }

    func liveOutcomes(_ client: StudyClient, task: String) throws -> [Outcome] {
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        return try client.database.read { db in
            try SQLiteCareStore.outcomes(OutcomeQuery(taskIDs: ["\(account.id).\(task)"]), in: db)
        }.filter(\.isLive)
    }

    static let checkin = [
        "step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7",
    ]

    @Test func everyStepHasItsOwnURLAndAPostLeadsToTheNext() throws {
        var client = try onboarded()
        let start = client.get("/survey/rangeOfMotionCheck/0")
        #expect(start.status == .seeOther)
        #expect(start.header("Location") == "/survey/rangeOfMotionCheck/0/step/1")
        #expect(
            client.get("/survey/rangeOfMotionCheck/0/step/3").header("Location")
                == "/survey/rangeOfMotionCheck/0/step/1")
        #expect(client.get("/survey/rangeOfMotionCheck/0/step/0").status == .notFound)
        client.open("/survey/rangeOfMotionCheck/0")
        #expect(client.lastPage.contains("action=\"/survey/rangeOfMotionCheck/0/step/1\""))
        let next = client.post(
            "/survey/rangeOfMotionCheck/0/step/1", form: ["step": "rom.instruction", "action": "next"])
        #expect(next.header("Location") == "/survey/rangeOfMotionCheck/0/step/2")
        // The browser's Back: step 1 again, as the page's Back would.
        #expect(client.get("/survey/rangeOfMotionCheck/0/step/1").status == .ok)
        #expect(client.lastPage.contains("Step 1 of 3"))
        #expect(
            client.get("/survey/rangeOfMotionCheck/0/step/2").header("Location")
                == "/survey/rangeOfMotionCheck/0/step/1")
    }

    @Test func backHoldsThePagesFieldsUncheckedAndTheLastAnswerStoresBeforeTheCompletion() throws {
        var client = try onboarded()
        client.open("/survey/rangeOfMotionCheck/0")
        client.post("/survey/rangeOfMotionCheck/0", form: ["step": "rom.instruction", "action": "next"])
        let back = client.post(
            "/survey/rangeOfMotionCheck/0",
            form: ["step": "knee.range.of.motion", "action": "back", "range.manualAngle": "500"])
        #expect(back.header("Location") == "/survey/rangeOfMotionCheck/0/step/1")
        client.post("/survey/rangeOfMotionCheck/0", form: ["step": "rom.instruction", "action": "next"])
        client.open("/survey/rangeOfMotionCheck/0")
        #expect(client.lastPage.contains("name=\"range.manualAngle\" value=\"500\""), "held, even out of range")
        let measured = client.post(
            "/survey/rangeOfMotionCheck/0",
            form: ["step": "knee.range.of.motion", "action": "next", "range.manualAngle": "70"])
        #expect(measured.header("Location") == "/survey/rangeOfMotionCheck/0/done")
        #expect(try liveOutcomes(client, task: "rangeOfMotionCheck").count == 1, "stored before the completion shows")
        client.get("/survey/rangeOfMotionCheck/0/done")
        #expect(client.lastPage.contains("70°, 40° to your 110° goal"))
        #expect(client.lastPage.contains("href=\"/\" id=\"back-to-today\""))
        #expect(!client.lastPage.contains("/cancel"))
    }

    @Test func aTimedOutSessionSignsInAgainToItsStepWithTheAnswers() throws {
        var client = try onboarded()
        client.open("/survey/checkin/0")
        client.clock.advance(by: 31 * 60)
        var form = Self.checkin
        form["checkin.form.pain"] = "4"
        let refused = client.post("/survey/checkin/0/step/1", form: form)
        #expect(refused.status == .forbidden)
        #expect(client.lastPage.contains("Sign in again to go on"))
        #expect(client.lastPage.contains("name=\"carry.checkin.form.pain\" value=\"4\""))
        #expect(client.lastPage.contains("action=\"/survey/checkin/0/resume\""))
        #expect(try liveOutcomes(client, task: "checkin").isEmpty)
        let page = client.lastPage
        func carried(_ extra: [String: String]) -> [String: String] {
            var fields = extra
            for name in ["carry.checkin.form.pain", "carry.checkin.form.sleep", "carry-account", "carry-step"] {
                let marker = "name=\"\(name)\" value=\""
                if let range = page.range(of: marker), let end = page[range.upperBound...].firstIndex(of: "\"") {
                    fields[name] = String(page[range.upperBound..<end])
                }
            }
            return fields
        }
        let wrong = client.post(
            "/survey/checkin/0/resume", form: carried(["email": "pat@example.com", "password": "wrong password"]))
        #expect(wrong.status == .unauthorized)
        #expect(client.lastPage.contains("name=\"carry.checkin.form.pain\" value=\"4\""), "a wrong password keeps them")
        let resumed = client.post(
            "/survey/checkin/0/resume",
            form: carried(["email": "pat@example.com", "password": "correct horse battery"]))
        #expect(resumed.header("Location") == "/survey/checkin/0/step/1")
        client.get("/survey/checkin/0/step/1")
        #expect(client.lastPage.contains("value=\"4\""))
        #expect(try liveOutcomes(client, task: "checkin").isEmpty, "held, not answered")
    }

    @Test func fieldsOfAnotherAccountAreNotCarried() throws {
        var client = try onboarded()
        client.get("/sign-in")
        let resumed = client.post(
            "/survey/checkin/0/resume",
            form: [
                "email": "pat@example.com", "password": "correct horse battery", "carry-account": "someone-else",
                "carry-step": "checkin.form", "carry.checkin.form.pain": "9",
            ])
        #expect(resumed.header("Location") == "/")
        client.open("/survey/checkin/0")
        #expect(!client.lastPage.contains("value=\"9\""))
    }

    @Test func savedNoteShowsOnceAndChangeReplacesTheAnswer() throws {
        var client = try onboarded()
        client.open("/survey/checkin/0")
        #expect(client.post("/survey/checkin/0", form: Self.checkin).header("Location") == "/")
        client.get("/")
        #expect(client.lastPage.contains("Saved: Check-in. Thank you."))
        #expect(client.lastPage.contains("action=\"/answer/checkin/0/change\""))
        #expect(client.lastPage.contains("class=\"task-delete\""))
        client.get("/")
        #expect(!client.lastPage.contains("Saved: Check-in."))
        let change = client.post("/answer/checkin/0/change", form: [:])
        #expect(change.header("Location") == "/survey/checkin/0/step/1")
        client.get("/survey/checkin/0/step/1")
        #expect(client.lastPage.contains("value=\"3\""))
        #expect(try liveOutcomes(client, task: "checkin").count == 1, "the answer stays until the new one is sent")
        var changed = Self.checkin
        changed["checkin.form.pain"] = "5"
        client.post("/survey/checkin/0", form: changed)
        let live = try liveOutcomes(client, task: "checkin")
        #expect(live.count == 1)
        #expect(live.first?.values.contains { $0.kind == "checkin.form.pain" && $0.numericValue == 5 } == true)
    }

    @Test func theKOOSCanBeChangedLikeEveryTaskTheStudyLetsBeAnsweredAgain() throws {
        var client = try onboarded()
        #expect(answerSkipping(&client, "koos/0", answers: ["koos.s1": "2"]))
        client.open("/")
        #expect(client.lastPage.contains("action=\"/answer/koos/0/change\""))
        #expect(!client.lastPage.contains("action=\"/answer/onboarding/0/change\""), "the consent stays as signed")
        let change = client.post("/answer/koos/0/change", form: [:])
        #expect(change.status == .seeOther)
        #expect(change.header("Location")?.hasPrefix("/survey/koos/0/step/") == true)
        #expect(try liveOutcomes(client, task: "koos").count == 1, "the answer stays until the new one is sent")
        #expect(client.post("/answer/onboarding/0/change", form: [:]).status == .forbidden)
    }

    @Test func normalRefusalsHaveFriendlyTitles() throws {
        var client = try onboarded()
        client.open("/survey/checkin/0")
        client.post("/survey/checkin/0", form: Self.checkin)
        let replay = client.post("/survey/checkin/0", form: Self.checkin)
        #expect(replay.status == .conflict)
        #expect(client.lastPage.contains("<h1>Already saved</h1>"))
        client.open("/survey/rangeOfMotionCheck/0")
        let stale = client.post("/survey/rangeOfMotionCheck/0", form: ["step": "checkin.form", "action": "next"])
        #expect(stale.status == .conflict)
        #expect(client.lastPage.contains("<h1>This page is out of date</h1>"))
        #expect(client.lastPage.contains("href=\"/survey/rangeOfMotionCheck/0\""))
        let forged = client.post("/survey/rangeOfMotionCheck/0", form: ["step": "rom.instruction"], includeCSRF: false)
        #expect(forged.status == .forbidden)
        #expect(client.lastPage.contains("<h1>This page has expired</h1>"))
        #expect(client.lastPage.contains("Back to the survey"))
    }

    /// The tasks whose Start the feed offers now, in its order, each with its survey path ("checkin/1"); the
    /// optional ones are those under the feed's "Optional" section.
    func startable(_ page: String) -> (required: [String], optional: [String]) {
        let split = page.components(separatedBy: "class=\"optional-tasks\"")
        func paths(_ html: String) -> [String] {
            html.components(separatedBy: "href=\"/survey/").dropFirst().compactMap { rest in
                rest.split(separator: "\"", maxSplits: 1).first.map(String.init)
            }
        }
        return (paths(split[0]), split.count > 1 ? paths(split[1]) : [])
    }

    /// Sends every step of the survey at `path` ("koos/0") with nothing answered but `answers`, as a participant
    /// skipping what they may, until it is saved; returns whether it was.
    func answerSkipping(_ client: inout StudyClient, _ path: String, answers: [String: String] = [:]) -> Bool {
        client.open("/survey/\(path)")
        for _ in 0..<60 {
            guard
                let step = client.lastPage.components(separatedBy: "name=\"step\" value=\"").dropFirst().first?
                    .split(separator: "\"", maxSplits: 1).first
            else { return false }
            var form = answers
            form["step"] = String(step)
            form["action"] = "next"
            let sent = client.post("/survey/\(path)", form: form)
            guard sent.status == .seeOther, let next = sent.header("Location") else { return false }
            // A completion page, or the feed for a survey that ends on its review.
            if next.hasSuffix("/done") || next == "/" { return true }
            client.open(next)
        }
        return false
    }

    @Test func doneForTodayShowsOnceEveryRequiredTaskIsDoneWhateverTheOptionalOnes() throws {
        var client = try onboarded()
        // The onboarding day: the check-in, the range of motion, the weekly diary and the KOOS are required; the
        // hearing screening and the knee video optional.
        client.open("/")
        let due = startable(client.lastPage)
        #expect(due.required.sorted() == ["checkin/0", "koos/0", "rangeOfMotionCheck/0", "weeklyDiary/0"])
        #expect(due.optional.count == 2)
        #expect(!client.lastPage.contains("id=\"all-done\""))

        client.open("/survey/checkin/0")
        client.post("/survey/checkin/0", form: Self.checkin)
        #expect(answerSkipping(&client, "koos/0"))
        #expect(answerSkipping(&client, "rangeOfMotionCheck/0", answers: ["range.manualAngle": "70"]))
        client.open("/")
        #expect(startable(client.lastPage).required == ["weeklyDiary/0"])
        #expect(!client.lastPage.contains("id=\"all-done\""), "one required task is still open")

        let diary = RecoverSurveys.Diary.self
        #expect(
            answerSkipping(
                &client, "weeklyDiary/0",
                answers: [diary.health: "2", diary.pain: "5", "parts": "patella", diary.text: "Better."]))
        client.open("/")
        let after = startable(client.lastPage)
        #expect(after.required.isEmpty)
        #expect(after.optional == due.optional, "the optional tasks are still open")
        #expect(client.lastPage.contains("<p class=\"all-done\" id=\"all-done\">You&#39;re done for today.</p>"))

        client.post("/language", form: ["language": "zh-Hans", "back": "/"])
        client.open("/")
        #expect(client.lastPage.contains("<p class=\"all-done\" id=\"all-done\">今天的任务都完成了。</p>"))
    }
}
