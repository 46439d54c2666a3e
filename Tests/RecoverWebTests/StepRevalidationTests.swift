import Care
import CareSQLite
import Cryptography
import Foundation
import PostgresTestSupport
import Recover
import RecoverApp
import RecoverData
import RecoverWeb
import Testing
import Web
import WebTesting

/// A survey step page is tagged like the feed (`PageTag`): an unchanged step is answered 304 or with the body
/// kept for its tag, and every write the page shows, a new day, a new study version or another session gives
/// a new tag and a fresh page.
struct StepRevalidationTests {
    static let step = "/survey/checkin/0/step/1"
    static let checkin = [
        "step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7",
    ]

    /// A participant who finished onboarding, past the feed's one-time "saved" note.
    func onboarded() throws -> StudyClient {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        client.get("/")
        return client
    }

    /// The run id a step page carries.
    static func run(_ page: Response) -> String? {
        let html = page.text
        guard let range = html.range(of: "name=\"run\" value=\"") else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    @Test func anUnchangedStepIsAnswered304OrWithTheKeptPageAndItsRun() throws {
        var client = try onboarded()
        let first = client.get(Self.step)
        #expect(first.status == .ok)
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("W/\"step-"))
        let again = client.get(Self.step, headers: ["if-none-match": tag])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        #expect(again.header("Cache-Control") == "private, no-cache")
        let kept = client.get(Self.step)
        #expect(kept.status == .ok)
        #expect(kept.body == first.body, "the same tag, the page made for it")
        #expect(kept.header("ETag") == tag)
        #expect(Self.run(kept) != nil)
        #expect(Self.run(kept) == Self.run(first), "the same page, the same proposed run")
        let other = client.get("/survey/rangeOfMotionCheck/0/step/1")
        #expect(other.header("ETag") != tag, "another event's step has its own tag")
    }

    @Test func aKeptPagesRunStoresOneAnswerARetryIsDoneAndOtherAnswersAreRefused() throws {
        var client = try onboarded()
        let run = try #require(Self.run(client.get(Self.step)))
        #expect(Self.run(client.get(Self.step)) == run, "a second tab gets the kept page")
        var first = Self.checkin
        first["run"] = run
        let stored = client.post(Self.step, form: first)
        #expect(stored.status == .seeOther)
        let retried = client.post(Self.step, form: first)
        #expect(retried.status == .seeOther, "the same answers again: a retry of the stored run")
        #expect(retried.header("Location") == stored.header("Location"))
        var second = first
        second["checkin.form.pain"] = "8"
        let other = client.post(Self.step, form: second)
        #expect(other.status == .conflict, "another tab's other answers are refused, not acknowledged")
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        let outcomes = try client.database.read { db in
            try SQLiteCareStore.outcomes(OutcomeQuery(taskIDs: ["\(account.id).checkin"]), in: db)
        }
        #expect(outcomes.map(\.id) == [run], "one answer, under the page's run id")
        #expect(client.get("/").text.contains("Pain 3"), "the first post's answers")
    }

    @Test func aSavedOrDiscardedDraftGivesTheStepANewTagAndAFreshPage() throws {
        var client = try onboarded()
        let path = "/survey/rangeOfMotionCheck/0"
        client.post(path, form: ["step": "rom.instruction", "action": "next"])
        let measure = client.get("\(path)/step/2")
        let tag = try #require(measure.header("ETag"))
        #expect(!measure.text.contains("value=\"500\""))
        client.post(path, form: ["step": "knee.range.of.motion", "action": "back", "range.manualAngle": "500"])
        client.post(path, form: ["step": "rom.instruction", "action": "next"])
        let held = client.get("\(path)/step/2", headers: ["if-none-match": tag])
        #expect(held.status == .ok, "the draft holds the page's fields")
        #expect(held.text.contains("name=\"range.manualAngle\" value=\"500\""))
        #expect(held.header("ETag") != tag)
        #expect(client.get("\(path)/step/2").body == held.body, "the new tag's page is kept")

        let draftRun = try #require(Self.run(held))
        client.get("\(path)/cancel")
        client.post("\(path)/cancel", form: [:])
        let fresh = client.get("\(path)/step/1")
        #expect(fresh.status == .ok)
        #expect(Self.run(fresh) != draftRun, "a discarded run is never proposed again")
    }

    @Test func aGivenAnswerEndsTheKeptPage() throws {
        var client = try onboarded()
        let tag = try #require(client.get(Self.step).header("ETag"))
        client.post(Self.step, form: Self.checkin)
        let done = client.get(Self.step, headers: ["if-none-match": tag])
        #expect(done.status == .seeOther, "a done event sends to where its result is shown")
        #expect(client.get(Self.step).status == .seeOther, "and the kept page is not served")
    }

    @Test func aLanguageChangeOrANewDayGivesAFreshPage() throws {
        var client = try onboarded()
        let english = client.get(Self.step)
        let tag = try #require(english.header("ETag"))
        client.post("/language", form: ["language": "zh-Hans", "back": Self.step])
        let chinese = client.get(Self.step, headers: ["if-none-match": tag])
        #expect(chinese.status == .ok)
        #expect(chinese.text.contains("lang=\"zh-Hans\""))
        #expect(client.get(Self.step).text.contains("lang=\"zh-Hans\""), "the kept page is the new language's")
        let chineseTag = try #require(chinese.header("ETag"))
        client.moveToday(by: 1)
        let tomorrow = client.get(Self.step, headers: ["if-none-match": chineseTag])
        #expect(tomorrow.status == .ok, "a new day in the participant's zone")
        #expect(tomorrow.header("ETag") != chineseTag)
    }

    @Test func aNewStudyVersionShowsItsSurvey() throws {
        var client = try onboarded()
        let tag = try #require(client.get(Self.step).header("ETag"))
        var next = RecoverStudy.shipped
        next.version = 2
        let surveyID = try #require(next.tasks.first { $0.id == StudyTaskID.checkin }?.survey)
        let index = try #require(next.surveys.firstIndex { $0.id == surveyID })
        next.surveys[index].revision += 1
        next.surveys[index].languages["en"]?.steps[0].title = "Your day, revised"
        let today = LocalDateTime(instant: client.fixture.clock.now, in: TimeZone(identifier: "Etc/GMT+12") ?? .gmt)
            .date
        _ = try StudyDatabase(database: client.database).applyStudy(
            try StudyFile.write(next), effective: today, actor: "cli:test", now: client.fixture.clock.now)
        let revised = client.get(Self.step, headers: ["if-none-match": tag])
        #expect(revised.status == .ok)
        #expect(revised.text.contains("Your day, revised"))
        #expect(client.get(Self.step).text.contains("Your day, revised"))
    }

    @Test func aPendingConsentSendsToSigningInsteadOfTheKeptPage() throws {
        var client = try onboarded()
        let tag = try #require(client.get(Self.step).header("ETag"))
        try StudyDatabase(database: client.database).publishConsent(
            ReconsentTests.participation(), by: "cli:test")
        let gated = client.get(Self.step, headers: ["if-none-match": tag])
        #expect(gated.status == .seeOther)
        #expect(client.get(Self.step).status == .seeOther)
    }

    @Test func aKeptPageNeverReachesAnotherSession() throws {
        var client = try onboarded()
        let first = client.get(Self.step)
        let tag = try #require(first.header("ETag"))
        let token = client.lastCSRF
        client.post("/sign-out", form: [:])
        client.get("/sign-in")
        client.post("/sign-in", form: ["email": "pat@example.com", "password": "correct horse battery"])
        let signedIn = client.get(Self.step, headers: ["if-none-match": tag])
        #expect(signedIn.status == .ok, "a new session has a new CSRF token in the page")
        let kept = client.get(Self.step)
        #expect(kept.body != first.body)
        #expect(!kept.text.contains(token), "the other session's token is nowhere in the page")
        #expect(kept.text.contains(client.lastCSRF))
    }
}

/// The same on a PostgreSQL study database: the triggers there keep the version the step's tag is made from.
struct StepRevalidationPostgresTests {
    @Test(.enabled(if: TestCluster.isAvailable)) func aDraftOrALanguageChangeOnPostgreSQLGivesTheStepANewTag()
        throws
    {
        var client = try TestClient<RecoverApp>.postgresParticipant(folder: "recover-step-tag-tests")
        let welcome = "/survey/onboarding/0/step/1"
        let first = client.get(welcome)
        #expect(first.status == .ok)
        let tag = try #require(first.header("ETag"))
        #expect(client.get(welcome, headers: ["if-none-match": tag]).status == .notModified)
        #expect(client.get(welcome).body == first.body, "the kept page")

        client.post("/survey/onboarding/0", form: ["step": "onboarding.welcome", "action": "next"])
        let overview = client.get("/survey/onboarding/0/step/2")
        #expect(overview.status == .ok)
        let overviewTag = try #require(overview.header("ETag"))
        #expect(
            client.get("/survey/onboarding/0/step/2", headers: ["if-none-match": overviewTag]).status == .notModified)
        client.post("/language", form: ["language": "zh-Hans", "back": "/survey/onboarding/0/step/2"])
        let chinese = client.get("/survey/onboarding/0/step/2", headers: ["if-none-match": overviewTag])
        #expect(chinese.status == .ok)
        #expect(chinese.text.contains("lang=\"zh-Hans\""))
        let back = client.get(welcome, headers: ["if-none-match": tag])
        #expect(back.status == .ok, "the draft moved on: Back to the first step is made again")
        #expect(back.body != first.body)
    }
}
