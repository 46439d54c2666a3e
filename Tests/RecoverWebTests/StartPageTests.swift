import Foundation
import RecoverData
import RecoverWeb
import Testing
import Web

/// `GET /` and the account page are decided by the built-in pages themselves (``StartPage``,
/// `AccountStudySections`), given the study: an app with no study routes added at all shows the same start
/// page and account page as the whole app, so what they show cannot depend on the order routes are added in.
@Suite struct StartPageTests {
    /// The whole app's browser, and one with the same cookies on an app of the built-in pages and the study only.
    func browsers() throws -> (whole: StudyClient, bare: StudyClient) {
        var whole = try StudyClient()
        try whole.join()
        let recover = whole.fixture.recover
        let bareApp = try WebApp(services: recover.services, study: recover.study)
        var bare = StudyClient(fixture: whole.fixture, respond: bareApp.respond(to:))
        bare.cookies = whole.cookies
        return (whole, bare)
    }

    @Test func theStartPageAndTheAccountPageAreTheWholeAppsWithoutAnyStudyRoute() throws {
        var (whole, bare) = try browsers()
        let feed = whole.get("/")
        #expect(feed.status == .ok)
        #expect(!feed.text.contains("Welcome to Recover"), "a participant of a study gets the care feed")
        #expect(bare.get("/").text == feed.text)
        let account = whole.get("/account")
        #expect(account.status == .ok)
        #expect(bare.get("/account").text == account.text)
    }

    @Test func aWithdrawnParticipantGetsTheWithdrawnPageFromEitherApp() throws {
        var (whole, bare) = try browsers()
        whole.get("/account/withdraw")
        #expect(whole.post("/account/withdraw", form: [:]).status == .seeOther)
        let page = whole.get("/")
        #expect(page.text.contains("You have withdrawn from the study."))
        #expect(bare.get("/").text == page.text)
    }

    @Test func withoutAStudyTheStartPageIsTheWelcomePage() throws {
        var client = try AccountsClient()
        try client.join()
        #expect(client.get("/").text.contains("Welcome to Recover, pat@example.com."))
    }
}
