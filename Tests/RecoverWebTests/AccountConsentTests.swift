import CareSQLite
import Cryptography
import Foundation
import Recover
import RecoverData
import SQLite
import Testing
import Web

@testable import RecoverWeb

@Suite struct AccountConsentTests {
    private let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])

    private func sign(_ harness: RecordsHarness, _ participant: RecordsHarness.Participant) throws -> ConsentRecord {
        let document = ConsentDocuments.consent(language: .english)
        let record = ConsentRecord(
            id: "run-\(participant.account.id)", patientID: participant.account.id,
            documentHTML: Data(document.html.utf8), documentVersion: document.version, language: document.language,
            printedName: "Pat <Q> Lee", signatureStrokes: Data("[]".utf8), signaturePNG: png,
            signedAt: Date(timeIntervalSince1970: 1_800_000_000), utcOffset: "+08:00",
            timeZoneIdentifier: "Asia/Shanghai", signatureMeaning: document.signatureMeaning)
        _ = try ConsentStore(database: harness.database).add(record)
        return record
    }

    @Test func thePrintableCopyShowsNameDateTimeWithOffsetMeaningAndSignature() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        let record = try sign(harness, pat)
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/account/consent")
        #expect(page.status == .ok)
        #expect(page.header("Cache-Control") == "no-store")
        #expect(page.text.contains("<dd>Pat &lt;Q&gt; Lee</dd>"))
        // 1_800_000_000 is 2027-01-15T08:00:00Z: 16:00 at +08:00.
        #expect(page.text.contains("<dd>2027-01-15 16:00 UTC+08:00 (Asia/Shanghai)</dd>"))
        #expect(page.text.contains(HTML.escape(record.signatureMeaning)))
        #expect(page.text.contains("src=\"data:image/png;base64,\(png.base64EncodedString())\""))
        #expect(page.text.contains("<iframe class=\"consent-frame\" src=\"/account/consent/document\" sandbox=\"\""))
        #expect(page.text.contains(record.bindingHash))
        #expect(!page.text.contains("style="))

        let document = browser.get("/account/consent/document")
        #expect(document.body == [UInt8](record.documentHTML))
        #expect(document.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
    }

    @Test func theReceiptOfASignedConsentVerifiesOfflineAndIsLinked() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        _ = try harness.participant("sam@example.com")
        let document = ConsentDocuments.consent(language: .english)
        let record = ConsentRecord(
            id: "run-signed", patientID: pat.account.id, documentHTML: Data(document.html.utf8),
            documentVersion: document.version, language: document.language, printedName: "Pat Lee",
            signatureStrokes: Data("[]".utf8), signaturePNG: png, signedAt: Date(timeIntervalSince1970: 1_800_000_000),
            utcOffset: "+08:00", timeZoneIdentifier: "Asia/Shanghai", signatureMeaning: document.signatureMeaning)
        _ = try ConsentStore(database: harness.database, signingKey: harness.signingKey).add(record)
        var browser = harness.browser(signingIn: "pat@example.com")
        #expect(browser.get("/account/consent").text.contains("href=\"/account/consent/receipt.json\" download"))
        #expect(browser.get("/account").text.contains("href=\"/account/consent/receipt.json\" download"))
        let receipt = browser.get("/account/consent/receipt.json")
        #expect(receipt.status == .ok)
        #expect(receipt.header("Content-Disposition")?.contains("consent-receipt.json") == true)
        #expect(receipt.header("Cache-Control") == "no-store")
        let bytes = Data(receipt.body)
        #expect(ConsentReceipt.verify(json: bytes, publicKey: harness.signingKey.publicKey) == [])
        #expect(!receipt.text.contains(png.base64EncodedString()), "the image bytes stay out of the receipt")
        let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let checkpoint = try AuditCheckpoint(jsonObject: try #require(object["checkpoint"] as? [String: Any]))
        #expect(try StudyStorage(harness.database).read { db in try checkpoint.check(in: db) } == .holds)
        #expect(
            ConsentReceipt.verify(json: bytes, publicKey: SigningKey.generate().publicKey).contains(
                "the server signature does not verify with the pinned key"))
        let data = browser.get("/account/data.json").text
        #expect(data.contains("\"auditCheckpoint\""), "the JSON download carries the newest checkpoint")

        var other = harness.browser(signingIn: "sam@example.com")
        #expect(other.get("/account/consent/receipt.json").status == .notFound)
    }

    @Test func anotherParticipantNeverSeesTheConsentOfSomeoneElse() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        _ = try harness.participant("sam@example.com")
        _ = try sign(harness, pat)
        var browser = harness.browser(signingIn: "sam@example.com")
        let page = browser.get("/account/consent")
        #expect(page.status == .notFound)
        #expect(page.text.contains("no signed consent for your account yet"))
        #expect(!page.text.contains("Pat &lt;Q&gt; Lee"))
        #expect(browser.get("/account/consent/document").status == .notFound)
    }

    @Test func aChangedRecordIsReportedAsNotMatchingItsHash() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        _ = try sign(harness, pat)
        try harness.database.write { db in
            // As someone with the file can: the trigger refuses the change otherwise.
            try db.execute("DROP TRIGGER consent_record_no_update")
            try db.execute("UPDATE consent_record SET printed_name = ? WHERE patient_id = ?", ["Sam", pat.account.id])
        }
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/account/consent")
        #expect(page.text.contains("does not match its hash"))
    }

    @Test func theSignedTimeUsesTheRecordedOffset() {
        #expect(ConsentCopyPage.offsetSeconds("-05:30") == -19_800)
        #expect(ConsentCopyPage.offsetSeconds("+00:00") == 0)
        #expect(ConsentCopyPage.offsetSeconds("08:00") == nil)
        // Whatever a stored row holds, the sum cannot overflow: what is not an offset reads as none.
        #expect(ConsentCopyPage.offsetSeconds("+99999999999999999:00") == nil)
        #expect(ConsentCopyPage.offsetSeconds("+-1:00") == nil)
        #expect(ConsentCopyPage.offsetSeconds("+14:00") == 50_400)
    }
}
