import Foundation
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

/// A new version of a required consent document gates the feed and the tasks for that document alone until
/// the participant signs it again; optional documents never gate.
struct ReconsentTests {
    /// Version 1.1 of the participation document, published an hour after the shipped one took effect.
    static func participation(_ version: String = "1.1", meaning: String = "I agree to version 1.1.")
        -> ConsentDocumentVersion
    {
        ConsentDocumentVersion(
            documentID: ConsentLibrary.participation, version: version, isRequired: true,
            texts: [
                "en": .init(
                    title: "Taking part in the study",
                    html:
                        "<!DOCTYPE html><html lang=\"en\"><body><h1>Consent \(version)</h1><p>Videos too.</p></body></html>",
                    signatureMeaning: meaning),
                "zh-Hans": .init(
                    title: "参与研究",
                    html: "<!DOCTYPE html><html lang=\"zh-Hans\"><body><h1>同意书 \(version)</h1></body></html>",
                    signatureMeaning: "签名即表示我同意 \(version) 版。"),
            ], publishedAt: Date())
    }

    static func onboarded() throws -> StudyClient {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        return client
    }

    static func records(_ client: StudyClient) -> StudyDatabase { StudyDatabase(database: client.database) }

    @Test func aNewVersionGatesTheFeedForThatDocumentUntilSignedAgain() throws {
        var client = try Self.onboarded()
        #expect(client.get("/").status == .ok)
        try Self.records(client).publishConsent(Self.participation(), by: "cli:test")

        let feed = client.get("/")
        #expect(feed.status == .seeOther)
        #expect(feed.header("Location") == "/consent/sign/participation")
        let survey = client.get("/survey/checkin/0")
        #expect(survey.status == .seeOther)
        #expect(client.post("/survey/checkin/0", form: ["step": "checkin.form"]).status == .forbidden)

        let page = client.get("/consent/sign/participation")
        #expect(page.status == .ok)
        #expect(client.lastPage.contains("from version 1.0 to version 1.1"))
        #expect(client.lastPage.contains("I agree to version 1.1."))
        #expect(client.lastPage.contains("Leave the study instead"))
        let run = try #require(Self.hidden("run", in: client.lastPage))
        let sha = try #require(Self.participation().texts["en"]?.sha256)
        #expect(client.lastPage.contains("src=\"/consent/text/\(sha)\""))
        let text = client.get("/consent/text/\(sha)")
        #expect(text.status == .ok)
        #expect(String(decoding: text.body, as: UTF8.self).contains("Consent 1.1"))
        #expect(text.header("Content-Security-Policy")?.contains("default-src 'none'") == true)

        var form = StudyClient.signature
        form["run"] = run
        form["version"] = "1.1"
        form["language"] = "en"
        let signed = client.post("/consent/sign/participation", form: form)
        #expect(signed.status == .seeOther)
        #expect(signed.header("Location") == "/account/consent?record=\(run)")
        // A repeated post (the answer lost on the way) stores nothing twice.
        client.get("/consent/sign/participation")
        #expect(client.post("/consent/sign/participation", form: form).status == .seeOther)
        #expect(client.get("/").status == .ok)

        let account = try #require(try client.directory.account(email: "pat@example.com"))
        let records = try ConsentStore(database: client.database).records(patientID: account.id)
        #expect(records.map(\.documentVersion).sorted() == ["1.0", "1.1"])
        let renewed = try #require(records.first { $0.id == run })
        #expect(renewed.documentSHA256 == sha)
        #expect(renewed.isIntact)
        #expect(renewed.signatureMeaning == "I agree to version 1.1.")
        let standings = try Self.records(client).consentStandings(patientID: account.id)
        #expect(standings.filter(\.isPending).isEmpty)

        // The account page keeps the history of every version signed.
        client.get("/account")
        #expect(client.lastPage.contains("You signed the current version (1.1)."))
        #expect(client.lastPage.contains("Version 1.0, signed"))
        #expect(client.lastPage.contains("Version 1.1, signed"))
        client.get("/account/consent", query: ["record": try #require(records.first { $0.id != run }).id])
        #expect(client.lastPage.contains("1.0 (en)"))
    }

    @Test func refusalsKeepNothing() throws {
        var client = try Self.onboarded()
        try Self.records(client).publishConsent(Self.participation(), by: "cli:test")
        client.get("/consent/sign/participation")
        let run = try #require(Self.hidden("run", in: client.lastPage))
        var form = StudyClient.signature
        form["run"] = run
        form["version"] = "1.1"
        form["language"] = "en"

        var unsigned = form
        unsigned["consent.signature.strokes"] = ""
        unsigned["consent.signature.image"] = ""
        #expect(client.post("/consent/sign/participation", form: unsigned).status == .unprocessableContent)
        #expect(client.lastPage.contains("Please sign in the box"))
        // The survey steps' summary: focused by error-summary.js, each problem a link to its field.
        #expect(client.lastPage.contains("id=\"error-summary\" data-error-summary"))
        #expect(client.lastPage.contains("Please check the answers marked below."))
        #expect(client.lastPage.contains("<li><a href=\"#signature-label\">"))
        #expect(client.lastPage.contains("js/error-summary.js"))
        var unnamed = form
        unnamed["consent.name"] = ""
        #expect(client.post("/consent/sign/participation", form: unnamed).status == .unprocessableContent)
        #expect(client.lastPage.contains("<li><a href=\"#consent-name\">"))
        #expect(client.lastPage.contains("id=\"consent-name-error\""), "and the problem at the field")

        // Another version was published while the page was open: the page shows it again, nothing is stored.
        try Self.records(client).publishConsent(
            Self.participation("1.2", meaning: "I agree to version 1.2."), by: "cli:test")
        client.get("/consent/sign/participation")
        #expect(client.post("/consent/sign/participation", form: form).status == .conflict)
        #expect(client.lastPage.contains("A newer version of this form was published"))
        #expect(client.lastPage.contains("<li><a href=\"#step-form\">A newer version"))

        var badRun = form
        badRun["run"] = "not-a-run"
        #expect(client.post("/consent/sign/participation", form: badRun).status == .badRequest)
        #expect(client.get("/consent/sign/no-such-form").status == .notFound)
        #expect(client.get("/consent/text/\(String(repeating: "0", count: 64))").status == .notFound)
        #expect(client.get("/consent/text/..%2F..").status == .notFound)

        let account = try #require(try client.directory.account(email: "pat@example.com"))
        #expect(try ConsentStore(database: client.database).records(patientID: account.id).count == 1)
        #expect(client.get("/").status == .seeOther)
    }

    @Test func anOptionalDocumentIsOfferedButNeverGates() throws {
        var client = try Self.onboarded()
        client.get("/account")
        #expect(client.lastPage.contains("Sharing your knee videos for teaching"))
        #expect(client.lastPage.contains("Optional, not signed (version 1.0)."))
        #expect(client.get("/").status == .ok)
        client.get("/consent/sign/video-sharing")
        #expect(client.lastPage.contains("Optional: Sharing your knee videos for teaching"))
        #expect(client.lastPage.contains("Not now"))
        let run = try #require(Self.hidden("run", in: client.lastPage))
        var form = StudyClient.signature
        form["run"] = run
        form["version"] = "1.0"
        form["language"] = "en"
        #expect(client.post("/consent/sign/video-sharing", form: form).status == .seeOther)
        client.get("/account")
        #expect(client.lastPage.contains("Sharing your knee videos for teaching</a><br>Version 1.0, signed"))
        #expect(!client.lastPage.contains("Optional, not signed"))
    }

    @Test func aParticipantStillOnboardingSignsTheCurrentVersionThere() throws {
        var client = try StudyClient()
        try client.join()
        try Self.records(client).publishConsent(Self.participation(), by: "cli:test")
        client.completeOnboarding()
        #expect(client.get("/").status == .ok)
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        let records = try ConsentStore(database: client.database).records(patientID: account.id)
        #expect(records.map(\.documentVersion) == ["1.1"])
    }

    static func hidden(_ name: String, in page: String) -> String? {
        guard let range = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }
}
