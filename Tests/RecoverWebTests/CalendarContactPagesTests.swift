import Cryptography
import Foundation
import RecoverApp
import RecoverData
import Synchronization
import Testing
import Web

@testable import RecoverWeb

/// The calendar link and the contact card in process: the link made and reset on the account page and fetched
/// without a session, a wrong or reset link's 404 page, no token in the log, no health data in the feed; the
/// console's contact form for admins only, its refusals, and the card on the feed and the account page.
@Suite struct CalendarContactPagesTests {
    /// Lines the app logged.
    final class LogLines: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// An onboarded participant (check-in at 08:00) in Asia/Tokyo whose app logs into `log`.
    static func participant(log: LogLines = LogLines()) throws -> StudyClient {
        var client = try StudyClient(
            folder: FileManager.default.temporaryDirectory.appending(path: "recover-calendar-tests")
                .appending(path: UUID().uuidString)
        ) { configuration in
            configuration.log = { line in log.lines.withLock { $0.append(line) } }
            configuration.mail.publicURL = "https://study.example"
        }
        try client.join()
        client.completeOnboarding()
        let account = try #require(try client.fixture.directory.account(email: "pat@example.com"))
        var moved = account
        moved.timeZone = "Asia/Tokyo"
        try client.fixture.directory.updateAccount(moved)
        return client
    }

    /// Makes a link on the account page and returns its token.
    static func makeLink(_ client: inout StudyClient) throws -> String {
        client.get("/account")
        let page = client.post("/account/calendar", form: [:])
        #expect(page.status == .ok)
        #expect(page.header("Cache-Control") == "no-store")
        let text = page.text
        let prefix = "https://study.example/calendar/"
        let start = try #require(text.range(of: prefix))
        let token = String(text[start.upperBound...].prefix { $0 != "." })
        #expect(text.contains("webcal://study.example/calendar/\(token).ics"))
        return token
    }

    /// The feed of `token` fetched by a client without a session.
    static func fetch(_ token: String, sharing client: StudyClient) -> Response {
        var calendarApp = StudyClient(sharing: client)
        return calendarApp.get("/calendar/\(token).ics")
    }

    @Test func aLinkIsMadeOnTheAccountPageAndFetchedWithoutASession() throws {
        let log = LogLines()
        var client = try Self.participant(log: log)
        #expect(client.get("/account").text.contains("Create calendar link"))
        let token = try Self.makeLink(&client)
        #expect(client.get("/account").text.contains("Reset calendar link"))
        #expect(!client.get("/account").text.contains(token), "the link is shown once only")

        let feed = Self.fetch(token, sharing: client)
        #expect(feed.status == .ok)
        #expect(feed.header("Content-Type") == "text/calendar; charset=utf-8")
        #expect(feed.header("Cache-Control") == "private, max-age=900")
        let text = feed.text
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Asia/Tokyo\r\n"))
        #expect(text.contains("SUMMARY:Check-in\r\n"))
        #expect(text.contains("DTSTART;TZID=Asia/Tokyo:"))
        #expect(text.contains("T080000\r\n"), "the check-in at 08:00 Tokyo time")
        #expect(text.contains("URL:https://study.example/survey/checkin/"))
        #expect(!text.contains("onboarding"), "onboarding is done: the gate hides it, as on the feed")
        #expect(!text.contains("pat@example.com"))
        let lines = log.lines.withLock { $0 }
        #expect(lines.contains { $0.contains("GET /calendar/:file 200") })
        #expect(!lines.contains { $0.contains(token) }, "the request log never holds the token")
    }

    @Test func aResetRevokesTheOldLinkAtOnceAndAWrongLinkExplainsItself() throws {
        var client = try Self.participant()
        let first = try Self.makeLink(&client)
        let second = try Self.makeLink(&client)
        #expect(first != second)
        let old = Self.fetch(first, sharing: client)
        #expect(old.status == .notFound)
        #expect(old.text.contains("This calendar link is wrong or was reset."))
        #expect(Self.fetch(second, sharing: client).status == .ok)
        for path in ["/calendar/nonsense.ics", "/calendar/\(second)", "/calendar/\(second).ics.ics"] {
            var stranger = StudyClient(sharing: client)
            #expect(stranger.get(path).status == .notFound, "\(path)")
        }
        let account = try #require(try client.fixture.directory.account(email: "pat@example.com"))
        let records = client.fixture.recover.folder.records
        let entries = try records.audit.entries(
            entityType: "calendar_feed", entityID: account.id)
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { $0.actor == "account:\(account.id)" })
    }

    @Test func theLinkFormNeedsTheCSRFTokenAndAWithdrawnParticipantsFeedIsEmpty() throws {
        var client = try Self.participant()
        client.get("/account")
        #expect(client.post("/account/calendar", form: [:], includeCSRF: false).status == .forbidden)
        let token = try Self.makeLink(&client)
        client.get("/account/withdraw")
        client.post("/account/withdraw", form: [:])
        let feed = Self.fetch(token, sharing: client)
        #expect(feed.status == .ok)
        #expect(!feed.text.contains("BEGIN:VEVENT"), "no reminders after withdrawal")
        #expect(client.get("/account").text.contains("your calendar link shows no more tasks"))
        client.get("/account")
        #expect(client.post("/account/calendar", form: [:]).status == .forbidden)
    }

    /// A staff member of `role` signed in on another browser of the same app.
    static func staff(_ role: AccountRole, email: String, sharing client: StudyClient) throws -> StudyClient {
        let clock = client.fixture.clock
        let enrollment = Enrollment(
            directory: client.fixture.directory, hasher: PasswordHasher(strength: .minimum), now: { clock.now })
        _ = try enrollment.addStaff(email: email, role: role, password: "correct horse battery", timeZone: "UTC")
        var staff = StudyClient(sharing: client)
        staff.get("/sign-in")
        staff.post("/sign-in", form: ["email": email, "password": "correct horse battery"])
        return staff
    }

    static let contactForm = [
        "name": "Dr. Mei Lin", "roleEnglish": "Study nurse", "roleChinese": "研究护士", "phone": "+86 10 1234 5678",
        "email": "team@recover.example", "notesEnglish": "Weekdays 9:00-17:00", "notesChinese": "工作日 9:00-17:00",
    ]

    @Test func anAdminSetsTheContactAndTheParticipantSeesItWithCallAndEmailLinks() throws {
        var participant = try Self.participant()
        #expect(participant.get("/account").text.contains("The study team has not added contact details yet."))
        #expect(!participant.get("/").text.contains("contact-card"), "no card on the feed without a contact")

        var admin = try Self.staff(.admin, email: "admin2@example.com", sharing: participant)
        #expect(admin.get("/console/contact").status == .ok)
        #expect(admin.lastPage.contains("href=\"/console/contact\""), "linked from the console's navigation")
        let saved = admin.post("/console/contact", form: Self.contactForm)
        #expect(saved.status == .seeOther)
        #expect(saved.header("Location") == "/console/contact?saved=1")
        #expect(admin.get("/console/contact", query: ["saved": "1"]).text.contains("The contact card is saved."))
        #expect(admin.lastPage.contains("value=\"+86 10 1234 5678\""), "the form shows what is stored")

        let feed = participant.get("/").text
        #expect(feed.contains("Your study team"))
        #expect(feed.contains("href=\"tel:+861012345678\""))
        #expect(feed.contains("href=\"mailto:team@recover.example\""))
        #expect(feed.contains("Study nurse"))
        let account = participant.get("/account").text
        #expect(account.contains("href=\"tel:+861012345678\""))
        #expect(account.contains("Weekdays 9:00-17:00"))
        participant.acceptLanguage = "zh-Hans"
        participant.get("/account")
        participant.post("/language", form: ["language": "zh-Hans", "back": "/account"])
        let chinese = participant.get("/account").text
        #expect(chinese.contains("您的研究团队"))
        #expect(chinese.contains("研究护士"))
        #expect(chinese.contains("工作日 9:00-17:00"))

        let adminAccount = try #require(try participant.fixture.directory.account(email: "admin2@example.com"))
        let records = participant.fixture.recover.folder.records
        let entries = try records.audit.entries(
            entityType: "study_contact", entityID: "study")
        #expect(entries.map(\.actor) == ["account:\(adminAccount.id)"])
    }

    @Test func theSignInPageNamesTheStudyTeamForSomeoneWhoCannotSignIn() throws {
        let participant = try Self.participant()
        var visitor = StudyClient(sharing: participant)
        #expect(!visitor.get("/sign-in").text.contains("Need help?"), "nothing without a contact")
        var admin = try Self.staff(.admin, email: "admin2@example.com", sharing: participant)
        admin.get("/console/contact")
        admin.post("/console/contact", form: Self.contactForm)
        let page = visitor.get("/sign-in").text
        #expect(page.contains("Need help?"))
        #expect(page.contains("href=\"tel:+861012345678\""))
        let wrong = visitor.post("/sign-in", form: ["email": "pat@example.com", "password": "wrong wrong wrong"])
        #expect(wrong.status == .unauthorized)
        #expect(wrong.text.contains("Email or password is wrong."))
        #expect(wrong.text.contains("href=\"mailto:team@recover.example\""), "the help is there after a failure too")
    }

    @Test func thePasswordFormsErrorPageKeepsTheStudySections() throws {
        var client = try Self.participant()
        client.get("/account")
        let refused = client.post(
            "/account/password",
            form: [
                "current": "not my password", "password": "a new long password", "confirmation": "a new long password",
            ])
        #expect(refused.status == .unprocessableContent)
        #expect(refused.text.contains("Create calendar link"))
        #expect(refused.text.contains("The study team has not added contact details yet."))
    }

    @Test func aResearcherCannotSetTheContactAndBadInputChangesNothing() throws {
        let participant = try Self.participant()
        var researcher = try Self.staff(.researcher, email: "res@example.com", sharing: participant)
        #expect(researcher.get("/console/contact").status == .forbidden)
        researcher.get("/console")
        #expect(!researcher.lastPage.contains("href=\"/console/contact\""))
        #expect(researcher.post("/console/contact", form: Self.contactForm).status == .forbidden)

        var admin = try Self.staff(.admin, email: "admin2@example.com", sharing: participant)
        admin.get("/console/contact")
        for (field, value, message) in [
            ("phone", "call me maybe", "Enter a phone number of 3 to 20 digits"),
            ("email", "not an address", "Enter an email address like name@example.org."),
            ("name", "", "Enter a name of at most 100 characters."),
            ("notesEnglish", String(repeating: "n", count: 301), "Enter a note of at most 300 characters"),
        ] {
            var form = Self.contactForm
            form[field] = value
            let refused = admin.post("/console/contact", form: form)
            #expect(refused.status == .badRequest, "\(field)")
            #expect(refused.text.contains(message), "\(field)")
            #expect(refused.text.contains("Nothing was saved."))
        }
        let records = participant.fixture.recover.folder.records
        #expect(try records.studyContact() == nil, "nothing was stored")
    }
}
