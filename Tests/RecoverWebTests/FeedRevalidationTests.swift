import Cryptography
import Foundation
import PostgresTestSupport
import RecoverApp
import RecoverData
import RecoverWeb
import Testing
import Web
import WebTesting

/// The feed's `ETag` comes from the feed's version (``FeedVersion``) and what the page is made for, so a
/// browser revisiting an unchanged feed gets 304 and no body, and any change gets the new page.
struct FeedRevalidationTests {
    /// A participant who finished onboarding, past the one-time "saved" note.
    func onboarded() throws -> StudyClient {
        var client = try StudyAnswerTests().onboarded()
        client.get("/")
        return client
    }

    @Test func anUnchangedFeedIsAnswered304WithoutABody() throws {
        var client = try onboarded()
        let first = client.get("/")
        #expect(first.status == .ok)
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("W/\"feed-"))
        let again = client.get("/", headers: ["if-none-match": tag])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == tag)
        #expect(again.header("Cache-Control") == "private, no-cache")
        #expect(client.get("/").header("ETag") == tag, "the same feed, the same tag")
    }

    @Test func aKeptPageIsSentInTheCodingTheBrowserAcceptsAndCodedOnce() throws {
        var client = try onboarded()
        let made = client.get("/", headers: ["accept-encoding": "gzip, deflate, br"])
        #expect(made.header("Content-Encoding") == "br")
        let kept = client.get("/", headers: ["accept-encoding": "gzip, deflate, br"])
        #expect(kept.status == .ok)
        #expect(kept.header("Content-Encoding") == "br")
        #expect(kept.header("Vary")?.contains("Accept-Encoding") == true)
        #expect(kept.body == made.body, "the kept page coded as the made one was")
        #expect(kept.header("ETag") == made.header("ETag"))
        let tag = try #require(kept.header("ETag"))
        #expect(
            client.fixture.recover.study.pages.coded(for: tag, .brotli) == kept.body,
            "the coded body is kept beside the page, so the next visit is not compressed again")
        let gzip = client.get("/", headers: ["accept-encoding": "gzip"])
        #expect(gzip.header("Content-Encoding") == "gzip")
        #expect(gzip.body.starts(with: [0x1F, 0x8B]), "a gzip member")
        let plain = client.get("/")
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.body.count > kept.body.count)
    }

    @Test func aBrowserWithoutThePageGetsTheKeptPageUntilAWrite() throws {
        var client = try onboarded()
        let first = client.get("/")
        let kept = client.get("/")
        #expect(kept.status == .ok)
        #expect(kept.body == first.body, "the same tag, the page made for it")
        #expect(kept.header("ETag") == first.header("ETag"))
        #expect(kept.header("Content-Type") == "text/html; charset=utf-8")
        client.open("/survey/checkin/0")
        client.post(
            "/survey/checkin/0",
            form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7"])
        let fresh = client.get("/")
        #expect(fresh.text.contains("Pain 3"), "a check-in answer gives a new key and a fresh page")
        #expect(fresh.header("ETag") != first.header("ETag"))
        client.post("/language", form: ["language": "zh-Hans", "back": "/"])
        #expect(client.get("/").text.contains("lang=\"zh-Hans\""), "a language change gives a fresh page")
    }

    @Test func aSubmittedCheckinGivesTheNewFeedUnderANewTag() throws {
        var client = try onboarded()
        let tag = try #require(client.get("/").header("ETag"))
        client.open("/survey/checkin/0")
        let opened = client.get("/", headers: ["if-none-match": tag])
        #expect(opened.status == .notModified, "opening a survey changes nothing the feed shows")
        client.post(
            "/survey/checkin/0",
            form: ["step": "checkin.form", "action": "next", "checkin.form.pain": "3", "checkin.form.sleep": "7"])
        let saved = client.get("/", headers: ["if-none-match": tag])
        #expect(saved.status == .ok)
        #expect(saved.text.contains("Pain 3"))
        let newTag = try #require(client.get("/").header("ETag"))
        #expect(newTag != tag)
        #expect(client.get("/", headers: ["if-none-match": newTag]).status == .notModified)
    }

    @Test func anotherDayLanguageOrTodayHasAnotherTag() throws {
        var client = try onboarded()
        let today = try #require(client.get("/").header("ETag"))
        let yesterday = client.get("/", query: ["day": "2027-01-14"], headers: ["if-none-match": today])
        #expect(yesterday.status == .ok)
        #expect(yesterday.header("ETag") != today)
        client.moveToday(by: 1)
        let tomorrow = client.get("/", headers: ["if-none-match": today])
        #expect(tomorrow.status == .ok, "a new day in the participant's zone")
        let tomorrowTag = try #require(tomorrow.header("ETag"))
        client.post("/language", form: ["language": "zh-Hans", "back": "/"])
        let chinese = client.get("/", headers: ["if-none-match": tomorrowTag])
        #expect(chinese.status == .ok)
        #expect(chinese.text.contains("lang=\"zh-Hans\""))
        #expect(chinese.header("ETag") != tomorrowTag)
    }

    @Test func hidingTheHealthCardOnThisBrowserChangesTheTag() throws {
        var client = try onboarded()
        let shown = client.get("/")
        #expect(shown.text.contains("health-card-title"))
        let tag = try #require(shown.header("ETag"))
        client.post("/account/health/not-now", form: [:])
        let hidden = client.get("/", headers: ["if-none-match": tag])
        #expect(hidden.status == .ok, "the cookie, not a record, hides the card")
        #expect(!hidden.text.contains("health-card-title"))
    }

    @Test func anotherSessionAndTheStudyTeamsCardChangeTheTag() throws {
        var client = try onboarded()
        let tag = try #require(client.get("/").header("ETag"))
        let records = StudyDatabase(database: client.fixture.database)
        let contact = try StudyContact.validated(
            name: "Dr. Mei Lin", roleEnglish: "Study nurse", roleChinese: "研究护士", phone: "+86 10 1234 5678",
            email: "", notesEnglish: "", notesChinese: "", at: client.fixture.clock.now)
        try records.setStudyContact(contact, by: "account:admin")
        let withCard = client.get("/", headers: ["if-none-match": tag])
        #expect(withCard.status == .ok)
        #expect(withCard.text.contains("Dr. Mei Lin"))
        let cardTag = try #require(withCard.header("ETag"))
        client.post("/sign-out", form: [:])
        client.get("/sign-in")
        client.post("/sign-in", form: ["email": "pat@example.com", "password": "correct horse battery"])
        let signedIn = client.get("/", headers: ["if-none-match": cardTag])
        #expect(signedIn.status == .ok, "a new session has a new CSRF token in the page")
    }
}

/// The same on a PostgreSQL study database: the triggers there keep the version the tag is made from.
struct FeedRevalidationPostgresTests {
    @Test(.enabled(if: TestCluster.isAvailable)) func aDraftStartedOnPostgreSQLGivesTheFeedANewTag() throws {
        var client = try TestClient<RecoverApp>.postgresParticipant(folder: "recover-feed-tag-tests")
        let first = client.get("/")
        #expect(first.status == .ok)
        let tag = try #require(first.header("ETag"))
        #expect(client.get("/", headers: ["if-none-match": tag]).status == .notModified)
        client.open("/survey/onboarding/0")
        client.post("/survey/onboarding/0", form: ["step": "onboarding.welcome", "action": "next"])
        let continued = client.get("/", headers: ["if-none-match": tag])
        #expect(continued.status == .ok, "the saved draft turns Start into Continue")
        #expect(continued.header("ETag") != tag)
        #expect(continued.body != first.body, "the kept page of the old tag is not served")
        #expect(client.get("/").body == continued.body, "the new tag's page is kept")
    }
}
