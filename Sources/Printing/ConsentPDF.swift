import Foundation
import RecoverData

/// The signed consent record as a PDF to keep: the exact document that was signed (its headings and
/// paragraphs), the drawn signature with the printed name, the date and time of signing with the participant's
/// UTC offset and zone, the meaning of the signature, the document's version and SHA-256, the record's binding
/// hash and the server's signature with its key id, labelled in the record's language, page numbers on A4.
///
/// ```swift
/// let pdf = try ConsentPDF.render(record, keyID: keyID)
/// response.headers["Content-Disposition"] = "attachment; filename=\"\(ConsentPDF.filename(for: record))\""
/// ```
public enum ConsentPDF {
    /// The PDF of `record`, whose server signature was made with the key `keyID` (nil when unsigned).
    public static func render(_ record: ConsentRecord, keyID: String?) throws -> Data {
        let labels = ConsentPDFLabels.forLanguage(record.language)
        var blocks: [PrintBlock] = [
            .text("Recover · \(labels.title)", TextStyle(size: 8.5, color: grey, spaceAfter: 0)),
            .rule,
        ]
        if !record.isIntact {
            blocks.append(.text(labels.tampered, TextStyle(size: 10.5, bold: true, color: (0.7, 0, 0), spaceAfter: 8)))
        }
        blocks += DocumentText.blocks(html: record.documentHTML).map(block)
        blocks += [.space(14), .rule, signature(record, labels), .space(8)] + details(record, keyID: keyID, labels)
        return try PDFWriter.render(
            blocks, language: record.language, title: labels.title,
            footer: { page, pages in "\(labels.record) \(record.id) · \(labels.page(page, pages))" })
    }

    /// `recover-consent-2027-01-15.pdf`: the local day of signing, nothing about the participant.
    public static func filename(for record: ConsentRecord) -> String {
        "recover-consent-\(SigningTime(record).localDay).pdf"
    }

    private static let grey = (0.35, 0.35, 0.35)
    private static let accent = (0.04, 0.36, 0.68)

    private static func block(_ text: DocumentText.Block) -> PrintBlock {
        switch text {
        case .heading(1, let heading):
            .text(
                heading,
                TextStyle(size: 17, bold: true, color: accent, spaceBefore: 6, spaceAfter: 10, keepWithNext: true))
        case .heading(2, let heading):
            .text(heading, TextStyle(size: 12.5, bold: true, spaceBefore: 8, spaceAfter: 4, keepWithNext: true))
        case .heading(_, let heading):
            .text(heading, TextStyle(size: 11, bold: true, spaceBefore: 6, spaceAfter: 3, keepWithNext: true))
        case .paragraph(let paragraph): .text(paragraph, TextStyle(size: 10.5, spaceAfter: 7))
        }
    }

    /// The signature as on paper, kept on one page: the meaning, the drawn signature, the name and the time.
    private static func signature(_ record: ConsentRecord, _ labels: ConsentPDFLabels) -> PrintBlock {
        .group([
            .text(labels.signature, TextStyle(size: 13, bold: true, spaceBefore: 4, spaceAfter: 6)),
            .text(record.signatureMeaning, TextStyle(size: 10.5, spaceAfter: 10)),
            .image(record.signaturePNG, maxWidth: 240, maxHeight: 96, fallback: labels.noImage),
            .text(
                "\(labels.signedBy)\(record.printedName)",
                TextStyle(size: 11, bold: true, spaceBefore: 2, spaceAfter: 2)),
            .text(SigningTime(record).local, TextStyle(size: 10, color: grey, spaceAfter: 4)),
        ])
    }

    private static func details(_ record: ConsentRecord, keyID: String?, _ labels: ConsentPDFLabels) -> [PrintBlock] {
        let time = SigningTime(record)
        let text = TextStyle(size: 9.5, spaceAfter: 0)
        let code = TextStyle(font: TextStyle.mono, size: 8, spaceAfter: 0)
        var fields: [PrintBlock] = [
            .field(label: labels.printedName, value: record.printedName, valueStyle: text),
            .field(label: labels.signedAt, value: time.local, valueStyle: text),
            .field(label: labels.signedAtUTC, value: time.utc, valueStyle: text),
            .field(label: labels.meaning, value: record.signatureMeaning, valueStyle: text),
            .field(label: labels.version, value: record.documentVersion, valueStyle: text),
            .field(label: labels.language, value: record.language, valueStyle: text),
            .field(label: labels.documentHash, value: record.documentSHA256, valueStyle: code),
            .field(label: labels.bindingHash, value: record.bindingHash, valueStyle: code),
        ]
        if let signature = record.serverSignature {
            fields.append(
                .field(label: labels.serverSignature, value: signature.base64EncodedString(), valueStyle: code))
            fields.append(.field(label: labels.keyID, value: keyID ?? "?", valueStyle: code))
        } else {
            fields.append(.field(label: labels.serverSignature, value: labels.unsigned, valueStyle: text))
        }
        fields.append(.field(label: labels.record, value: record.id, valueStyle: code))
        return [
            .group(
                [.text(labels.details, TextStyle(size: 13, bold: true, spaceBefore: 6, spaceAfter: 8))] + fields
            ),
            .space(8),
            .text(labels.checking, TextStyle(size: 8.5, color: grey, spaceAfter: 0)),
        ]
    }
}
