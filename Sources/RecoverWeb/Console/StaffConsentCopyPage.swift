import Foundation
import RecoverData
import Web

/// `GET /console/participants/:id/consent`: the printable signed copy for staff (the document, then the
/// signature manifestation: printed name, date and time with offset, meaning) and
/// `GET /console/participants/:id/consent/:record/signature.png`: the signature image, never cached.
enum StaffConsentCopyPage {
    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        let t = Localizer(request.language)
        let id = try request.parameter("id")
        guard let copy = try context.records.consentCopy(participantID: id) else { throw HTTPError(.notFound) }
        let (account, records, problems) = (copy.account, copy.records, copy.problems)
        try context.recordRead(request, participantID: id, row: AuditedRow(table: "account", key: id))
        let copies = records.reversed().map { record in
            return HTML(
                """
                <article class="card" lang="\(record.language)">
                <iframe class="consent-frame" title="\(t["console.consent.document"])" sandbox="" \
                srcdoc="\(String(decoding: record.documentHTML, as: UTF8.self))"></iframe>
                <h2 lang="\(request.language.tag)">\(t["console.consent.manifestation"])</h2>
                <img class="signature-image" src="/console/participants/\(id)/consent/\(record.id)/signature.png" \
                alt="\(t("console.consent.signatureAlt", ["name": record.printedName]))" width="300" height="120">
                <dl class="definition" lang="\(request.language.tag)">
                <dt>\(t["console.consent.printedName"])</dt><dd>\(record.printedName)</dd>
                <dt>\(t["console.consent.signedAt"])</dt><dd>\(ConsentSection.signedAt(record))</dd>
                <dt>\(t["console.consent.meaning"])</dt><dd>\(record.signatureMeaning)</dd>
                <dt>\(t["console.consent.version"])</dt><dd>\(record.documentVersion)</dd>
                <dt>\(t["console.consent.bindingHash"])</dt><dd><span class="id">\(record.bindingHash)</span></dd>
                <dt>\(t["console.consent.verification"])</dt><dd>\(ConsentSection.status(problems[record.id] ?? [], t: t))</dd>
                </dl>
                <p class="no-print"><a href="/console/participants/\(id)/consent/\(record.id)/pdf" download>\(t["console.consent.pdf"])</a></p>
                </article>
                """)
        }
        let body: HTML = records.isEmpty ? "<p>\(t["console.consent.none"])</p>" : "\(copies)"
        return .html(
            ConsoleLayout.page(
                title: t["console.consent.copyTitle"], section: .participants, request: request,
                body: """
                    <h1>\(t["console.consent.copyTitle"])</h1>
                    <p>\(account.email) · <span class="id">\(id)</span></p>
                    <p class="no-print"><a href="/console/participants/\(id)">\(t["console.consent.back"])</a></p>
                    \(body)
                    """))
    }

    static func signature(_ request: Request, context: ConsoleContext) throws -> Response {
        let id = try request.parameter("id")
        let recordID = try request.parameter("record")
        // Another participant's record id answers 404, as an unknown one does.
        guard let record = try context.records.consentRecord(id: recordID, participantID: id) else {
            throw HTTPError(.notFound)
        }
        try context.recordRead(
            request, participantID: id, row: AuditedRow(table: "consent_record", key: record.id))
        return Response(
            headers: ["Content-Type": "image/png", "Cache-Control": "no-store", "Content-Disposition": "inline"],
            body: [UInt8](record.signaturePNG))
    }
}
