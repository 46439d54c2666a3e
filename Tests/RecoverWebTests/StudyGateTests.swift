import CareSQLite
import Cryptography
import Foundation
import Recover
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

struct StudyGateTests {
    @Test func gatedFeedShowsOnlyTheOnboardingCardOnAnyDay() throws {
        var client = try StudyClient()
        try client.join()
        let today = client.get("/")
        #expect(today.status == .ok)
        #expect(client.lastPage.contains("data-task=\"onboarding\""))
        #expect(!client.lastPage.contains("data-task=\"checkin\""))
        client.moveToday(by: 9)
        client.get("/")
        #expect(client.lastPage.contains("data-task=\"onboarding\""))
        #expect(!client.lastPage.contains("data-task=\"rangeOfMotionCheck\""))
    }

    @Test func directURLsToOtherSurveysRedirectToTheFeedWhileGated() throws {
        var client = try StudyClient()
        try client.join()
        let page = client.get("/survey/checkin/0")
        #expect(page.status == .seeOther)
        #expect(page.header("Location") == "/")
        let post = client.post("/survey/checkin/0", form: ["step": "checkin.form", "checkin.form.pain": "3"])
        #expect(post.status == .forbidden)
        #expect(client.lastPage.contains("Complete consent and onboarding first."))
    }

    @Test func finishingOnboardingOpensThePlanAndStoresTheConsentInOneGo() throws {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding(checkinTime: "07:30")
        client.get("/")
        #expect(!client.lastPage.contains("data-task=\"onboarding\""))
        #expect(client.lastPage.contains("data-task=\"checkin\""))
        #expect(client.lastPage.contains("data-task=\"rangeOfMotionCheck\""))
        #expect(client.lastPage.contains("Due 07:30"))
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        let consents = try ConsentStore(database: client.database).records(patientID: account.id)
        #expect(consents.count == 1)
        #expect(consents.first?.isIntact == true)
        #expect(consents.first?.printedName == "Ada Lovelace")
        #expect(consents.first?.utcOffset == "+08:00")
        let results = try SurveyDataStore(database: client.database).results(patientID: account.id)
        #expect(results.map(\.surveyID) == ["onboarding"])
        let draft = try SurveyDataStore(database: client.database).draft(
            patientID: account.id, taskID: "\(account.id).onboarding", occurrence: 0)
        #expect(draft == nil)
    }

    @Test func cancelDiscardsTheDraftAndKeepsTheGate() throws {
        var client = try StudyClient()
        try client.join()
        client.open("/survey/onboarding/0")
        client.post("/survey/onboarding/0", form: ["step": "onboarding.welcome", "action": "next"])
        #expect(client.get("/survey/onboarding/0/cancel").status == .ok)
        #expect(client.post("/survey/onboarding/0/cancel", form: [:]).status == .seeOther)
        client.open("/survey/onboarding/0")
        #expect(client.lastPage.contains("Step 1 of 6"))
        #expect(client.get("/survey/checkin/0").status == .seeOther)
    }

    @Test func halfDoneOnboardingResumesOnAnotherDevice() throws {
        var client = try StudyClient()
        try client.join()
        client.open("/survey/onboarding/0")
        client.post("/survey/onboarding/0", form: ["step": "onboarding.welcome", "action": "next"])
        client.post("/survey/onboarding/0", form: ["step": "onboarding.overview", "action": "next"])
        var other = client
        other.cookies = [:]
        other.get("/sign-in")
        other.post("/sign-in", form: ["email": "pat@example.com", "password": "correct horse battery"])
        other.get("/")
        #expect(other.lastPage.contains(">Continue</a>"))
        other.open("/survey/onboarding/0")
        #expect(other.lastPage.contains("Step 3 of 6"))
        #expect(other.lastPage.contains("data-signature-pad"))
    }

    @Test func emptySignatureIsRefusedBesideThePad() throws {
        var client = try StudyClient()
        try client.join()
        client.open("/survey/onboarding/0")
        client.post("/survey/onboarding/0", form: ["step": "onboarding.welcome", "action": "next"])
        client.post("/survey/onboarding/0", form: ["step": "onboarding.overview", "action": "next"])
        let refused = client.post(
            "/survey/onboarding/0",
            form: [
                "step": "onboarding.signatureCapture", "action": "next", "consent.name": "Ada Lovelace",
                "consent.signature.strokes": "", "consent.signature.image": "",
            ])
        #expect(refused.status == .unprocessableContent)
        #expect(client.lastPage.contains("Please sign in the box before you continue."))
        client.open("/survey/onboarding/0")
        #expect(client.lastPage.contains("Step 3 of 6"))
    }

    @Test func consentDocumentIsServedWithItsOwnPolicyForTheSandboxedFrame() throws {
        var client = try StudyClient()
        try client.join()
        client.open("/survey/onboarding/0")
        client.post("/survey/onboarding/0", form: ["step": "onboarding.welcome", "action": "next"])
        client.post("/survey/onboarding/0", form: ["step": "onboarding.overview", "action": "next"])
        #expect(client.lastPage.isEmpty)
        client.open("/survey/onboarding/0")
        let sha = Crypto.hex(Crypto.sha256(Array(ConsentDocuments.consent(language: .english).html.utf8)))
        #expect(client.lastPage.contains("<iframe class=\"consent-frame\" sandbox src=\"/consent/text/\(sha)\""))
        #expect(client.get("/consent/text/\(sha)").status == .ok)
        let document = client.get("/consent/document/en")
        #expect(document.status == .ok)
        #expect(document.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        #expect(client.get("/consent/document/fr").status == .notFound)
    }

    @Test func backFollowsThePathAndShowsTheSignatureAgain() throws {
        var client = try StudyClient()
        try client.join()
        client.open("/survey/onboarding/0")
        client.post("/survey/onboarding/0", form: ["step": "onboarding.welcome", "action": "next"])
        client.post("/survey/onboarding/0", form: ["step": "onboarding.overview", "action": "next"])
        var consent = StudyClient.signature
        consent["step"] = "onboarding.signatureCapture"
        consent["action"] = "next"
        client.post("/survey/onboarding/0", form: consent)
        client.open("/survey/onboarding/0")
        #expect(client.lastPage.contains("Step 4 of 6"))
        client.post("/survey/onboarding/0", form: ["step": "onboarding.requestPermissionsStep", "action": "back"])
        client.open("/survey/onboarding/0")
        #expect(client.lastPage.contains("Step 3 of 6"))
        #expect(client.lastPage.contains("value=\"Ada Lovelace\""))
        #expect(client.lastPage.contains("data:image/png;base64,"))
    }

    @Test func theConsentRecordKeepsTheLanguageItWasSignedInAfterASwitch() throws {
        var client = try StudyClient()
        try client.join()
        client.open("/survey/onboarding/0")
        client.post("/survey/onboarding/0", form: ["step": "onboarding.welcome", "action": "next"])
        client.post("/survey/onboarding/0", form: ["step": "onboarding.overview", "action": "next"])
        var consent = StudyClient.signature
        consent["step"] = "onboarding.signatureCapture"
        consent["action"] = "next"
        client.post("/survey/onboarding/0", form: consent)
        client.post("/language", form: ["language": "zh-Hans", "back": "/"])
        client.completeOnboarding()
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        let record = try #require(try ConsentStore(database: client.database).records(patientID: account.id).first)
        #expect(record.language == "en")
        #expect(String(decoding: record.documentHTML, as: UTF8.self).contains("lang=\"en\""))
        #expect(record.isIntact)
    }
}
