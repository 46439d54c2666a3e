import Cryptography
import Foundation
import PDFTestSupport
import Recover
import RecoverData
import SQLite
import Testing
import Web

@testable import RecoverWeb

/// The signed consent PDF as the participant and staff download it: only one's own record, the right
/// headers, the record's text, and staff downloads audited.
@Suite struct ConsentPDFRouteTests {
    private let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])

    private func sign(
        _ database: Database, patientID: String, name: String, language: StudyLanguage = .english,
        signingKey: SigningKey? = nil
    ) throws -> ConsentRecord {
        let document = ConsentDocuments.consent(language: language)
        let record = ConsentRecord(
            id: "run-\(UUID().uuidString.lowercased())", patientID: patientID, documentHTML: Data(document.html.utf8),
            documentVersion: document.version, language: document.language, printedName: name,
            signatureStrokes: Data("[]".utf8), signaturePNG: png, signedAt: Date(timeIntervalSince1970: 1_800_000_000),
            utcOffset: "+08:00", timeZoneIdentifier: "Asia/Shanghai", signatureMeaning: document.signatureMeaning)
        _ = try ConsentStore(database: database, signingKey: signingKey).add(record)
        return record
    }

    @Test func theParticipantDownloadsTheirOwnSignedPDF() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        let record = try sign(harness.database, patientID: pat.account.id, name: "Pat Lee")
        var browser = harness.browser(signingIn: "pat@example.com")
        #expect(browser.get("/account").text.contains("href=\"/account/consent.pdf\" download"))
        #expect(browser.get("/account/consent").text.contains("href=\"/account/consent/\(record.id)/pdf\" download"))
        for path in ["/account/consent.pdf", "/account/consent/\(record.id)/pdf"] {
            let response = browser.get(path)
            #expect(response.status == .ok)
            #expect(response.header("Content-Type") == "application/pdf")
            #expect(response.header("Content-Disposition") == "attachment; filename=\"recover-consent-2027-01-15.pdf\"")
            #expect(response.header("Cache-Control") == "no-store")
            let text = try PDFText.words(of: Data(response.body))
            #expect(text.contains("Printed name Pat Lee"))
            #expect(text.contains("Document version 1.0"))
            #expect(text.replacingOccurrences(of: " ", with: "").contains(record.documentSHA256))
            #expect(text.replacingOccurrences(of: " ", with: "").contains(record.bindingHash))
            #expect(text.contains("All data is encrypted and accessible only to the study team."))
        }
    }

    @Test func anotherParticipantsRecordIsAsUnknownAsAMissingOne() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        _ = try harness.participant("sam@example.com")
        let record = try sign(harness.database, patientID: pat.account.id, name: "Pat Lee")
        var browser = harness.browser(signingIn: "sam@example.com")
        let other = browser.get("/account/consent/\(record.id)/pdf")
        let unknown = browser.get("/account/consent/no-such-record/pdf")
        #expect(other.status == .notFound)
        #expect(unknown.status == .notFound)
        // The same page as for an unknown id, but for the address it names.
        #expect(other.text.replacingOccurrences(of: record.id, with: "no-such-record") == unknown.text)
        #expect(!other.text.contains("Pat Lee"))
        #expect(browser.get("/account/consent.pdf").status == .notFound)
    }

    @Test func staffDownloadTheParticipantsPDFWithTheServerKeyAndTheReadIsAudited() throws {
        let fixture = try ConsoleFixture()
        let staff = try fixture.addStaff("res@example.com", role: .researcher)
        let alice = try fixture.addParticipant("alice@example.com")
        let bob = try fixture.addParticipant("bob@example.com")
        let record = try sign(
            fixture.database, patientID: alice, name: "李伟", language: .simplifiedChinese, signingKey: fixture.signingKey
        )
        let bobs = try sign(fixture.database, patientID: bob, name: "Bob Builder")
        var client = fixture.client()
        client.signIn("res@example.com")
        let path = "/console/participants/\(alice)/consent/\(record.id)/pdf"
        #expect(client.get("/console/participants/\(alice)").text.contains("href=\"\(path)\" download"))
        #expect(client.get("/console/participants/\(alice)/consent").text.contains("href=\"\(path)\" download"))
        let trail = AuditTrail(database: fixture.database)
        let before = try trail.entries(forParticipant: alice, actions: [.read]).count

        let response = client.get(path)
        #expect(response.status == .ok)
        #expect(response.header("Content-Type") == "application/pdf")
        #expect(response.header("Cache-Control") == "no-store")
        let packed = try PDFText.words(of: Data(response.body)).replacingOccurrences(of: " ", with: "")
        #expect(packed.contains("签署人姓名李伟"))
        #expect(packed.contains("本研究旨在评估物理治疗对膝部手术后康复的效果。"))
        let stored = try #require(try ConsentStore(database: fixture.database).record(id: record.id))
        #expect(packed.contains(try #require(stored.serverSignature).base64EncodedString()))
        #expect(packed.contains(SigningKey.keyID(of: fixture.signingKey.publicKey)))
        let reads = try trail.entries(forParticipant: alice, actions: [.read])
        #expect(reads.count == before + 1)
        #expect(reads.first?.actor == "account:\(staff.id)")
        #expect(reads.first?.entityType == "consent_record" && reads.first?.entityID == record.id)

        let crossed = client.get("/console/participants/\(alice)/consent/\(bobs.id)/pdf")
        #expect(crossed.status == .notFound)
        #expect(try trail.entries(forParticipant: bob, actions: [.read]).isEmpty)
        #expect(try trail.verify() == .ok(count: try trail.count()))
    }
}
