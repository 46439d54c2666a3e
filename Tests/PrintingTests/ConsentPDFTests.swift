import Foundation
import PDFTestSupport
import Recover
import RecoverData
import Testing

@testable import Printing

@Suite struct ConsentPDFTests {
    private func record(_ language: StudyLanguage, name: String, signature: Data? = Data("sig".utf8)) -> ConsentRecord {
        let document = ConsentDocuments.consent(language: language)
        return ConsentRecord(
            id: "run-4f2a", patientID: "participant-1", documentHTML: Data(document.html.utf8),
            documentVersion: document.version, language: document.language, printedName: name,
            signatureStrokes: Data("[]".utf8), signaturePNG: SignatureDrawing.png(),
            signedAt: Date(timeIntervalSince1970: 1_800_000_000), utcOffset: "+08:00",
            timeZoneIdentifier: "Asia/Shanghai", signatureMeaning: document.signatureMeaning,
            serverSignature: signature)
    }

    /// The text as one line with single spaces, and with no spaces at all (CJK lines break anywhere).
    private func flat(_ text: String) -> (spaced: String, packed: String) {
        let words = text.split(whereSeparator: \.isWhitespace)
        return (words.joined(separator: " "), words.joined())
    }

    @Test func theEnglishPDFCarriesTheDocumentAndTheSignatureManifestation() throws {
        let record = record(.english, name: "Pat Lee")
        let pdf = try ConsentPDF.render(record, keyID: "k-12345678")
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        let text = flat(try PDFText.text(of: pdf))
        #expect(text.spaced.contains("Recover Study Informed Consent Form"))
        #expect(
            text.spaced.contains(
                "We will collect your health data, including daily step count, active energy, and more, together with your daily check-ins and knee range-of-motion measurements."
            ))
        #expect(text.spaced.contains("Printed name Pat Lee"))
        #expect(text.spaced.contains("Document version 1.0"))
        #expect(text.packed.contains(record.documentSHA256))
        #expect(text.packed.contains(record.bindingHash))
        #expect(text.packed.contains(Data("sig".utf8).base64EncodedString()))
        #expect(text.spaced.contains("k-12345678"))
        #expect(text.spaced.contains("2027-01-15 16:00:00 UTC+08:00 (Asia/Shanghai)"))
        #expect(text.spaced.contains("2027-01-15 08:00:00 UTC"))
        #expect(text.spaced.contains(record.signatureMeaning))
        #expect(text.spaced.contains("Page 1 of"))
        #expect(!text.spaced.contains("Warning"))
    }

    @Test func theChinesePDFIsLabelledInChineseWithRealCJKText() throws {
        let record = record(.simplifiedChinese, name: "李伟")
        let pdf = try ConsentPDF.render(record, keyID: "k-12345678")
        let text = flat(try PDFText.text(of: pdf))
        #expect(text.packed.contains("Recover研究知情同意书"))
        #expect(text.packed.contains("本研究旨在评估物理治疗对膝部手术后康复的效果。"))
        #expect(text.packed.contains("签署人姓名李伟"))
        #expect(text.packed.contains("文件版本1.0"))
        #expect(text.packed.contains(record.documentSHA256))
        #expect(text.packed.contains(record.bindingHash))
        #expect(text.packed.contains("第1页，共"))
        #expect(try PDFText.fonts(of: pdf).contains { $0.contains("NotoSansCJK") })
    }

    @Test func anAlteredRecordSaysSoAndAnUnsignedOneSaysItIsUnsigned() throws {
        var record = record(.english, name: "Pat Lee", signature: nil)
        record.printedName = "Sam Smith"
        let text = flat(try PDFText.text(of: try ConsentPDF.render(record, keyID: nil)))
        #expect(text.spaced.contains("no longer match its hashes"))
        #expect(text.spaced.contains("not signed by the server"))
        #expect(text.spaced.contains("Sam Smith"))
    }

    @Test func anUnreadableSignatureImageIsNamedNotDrawn() throws {
        var record = record(.english, name: "Pat Lee")
        record.signaturePNG = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        let text = flat(try PDFText.text(of: try ConsentPDF.render(record, keyID: "k")))
        #expect(text.spaced.contains("the signature image could not be read"))
    }

    @Test func theFilenameNamesOnlyTheLocalDayOfSigning() {
        #expect(ConsentPDF.filename(for: record(.english, name: "Pat Lee")) == "recover-consent-2027-01-15.pdf")
    }
}
