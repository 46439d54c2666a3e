import Foundation
import Recover
import RecoverData
import RecoverWeb
import Testing
import Web

/// The console's participant page says where the participant stands with each consent form and lists every
/// version they signed, so a monitor sees who has not signed a changed form.
@Suite struct ConsoleConsentFormsTests {
    @Test func theParticipantPageShowsEachFormsStandingAndEveryVersionSigned() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("res@example.com", role: .researcher)
        let alice = try fixture.addParticipant("alice@example.com")
        let shipped = ConsentDocuments.consent(language: .english)
        let record = ConsentRecord(
            id: UUID().uuidString.lowercased(), patientID: alice, documentHTML: Data(shipped.html.utf8),
            documentVersion: shipped.version, language: "en", printedName: "Alice Liddell",
            signatureStrokes: Data("[]".utf8), signaturePNG: Data([0x89, 0x50, 0x4E, 0x47]),
            signedAt: fixture.clock.now,
            utcOffset: "+08:00", timeZoneIdentifier: "Asia/Shanghai", signatureMeaning: shipped.signatureMeaning)
        try ConsentStore(database: fixture.database, signingKey: fixture.signingKey).add(record)
        var client = fixture.client()
        client.signIn("res@example.com")

        var page = client.get("/console/participants/\(alice)").text
        #expect(page.contains("<th scope=\"row\">Taking part in the study <span class=\"hint\">(required)</span></th>"))
        #expect(page.contains("signed the current version 1.0"))
        #expect(
            page.contains(
                "<th scope=\"row\">Sharing your knee videos for teaching <span class=\"hint\">(optional)</span></th>"))
        #expect(page.contains("not signed (current version 1.0)"))
        #expect(page.contains("<li>Taking part in the study: version 1.0, signed"))

        var next = try #require(try StudyDatabase(database: fixture.database).consentVersions().first)
        next.version = "1.1"
        next.publishedAt = fixture.clock.now.addingTimeInterval(60)
        for language in next.texts.keys { next.texts[language]?.html += "<!-- 1.1 -->" }
        try StudyDatabase(database: fixture.database).publishConsent(next, by: "cli:test")
        page = client.get("/console/participants/\(alice)").text
        #expect(page.contains("signed 1.0; version 1.1 waits for their signature"))
    }

    @Test func attentionNamesOnlyOnboardedParticipantsInTheStudyWithoutTheRequiredConsent() throws {
        let fixture = try ConsoleFixture()
        let signed = try fixture.addParticipant("signed@example.com")
        let unsigned = try fixture.addParticipant("unsigned@example.com")
        try fixture.addParticipant("new@example.com", onboarded: false)
        try fixture.addParticipant("gone@example.com", withdrawn: true)
        let shipped = ConsentDocuments.consent(language: .english)
        try ConsentStore(database: fixture.database, signingKey: fixture.signingKey).add(
            ConsentRecord(
                id: UUID().uuidString.lowercased(), patientID: signed, documentHTML: Data(shipped.html.utf8),
                documentVersion: shipped.version, language: "en", printedName: "Sig Ned",
                signatureStrokes: Data("[]".utf8), signaturePNG: Data([0x89, 0x50, 0x4E, 0x47]),
                signedAt: fixture.clock.now, utcOffset: "+00:00", timeZoneIdentifier: "UTC",
                signatureMeaning: shipped.signatureMeaning))
        let attention = try StudyStorage(fixture.database).read { db in
            try ConsoleQueries.attention(today: fixture.today, in: db)
        }
        let withoutConsent = attention.filter { alert in
            if case .consentUnsigned = alert.reason { true } else { false }
        }
        #expect(withoutConsent.map(\.participantID) == [unsigned])
    }
}
