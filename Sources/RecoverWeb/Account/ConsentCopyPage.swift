import Care
import Foundation
import RecoverData
import Research
import Web

/// `GET /account/consent`: the participant's human-readable signed copy, ready to print: the exact signed
/// document (framed, sandboxed, from `GET /account/consent/document`), the signature image and the signature
/// manifestation (printed name, date and time with the participant's UTC offset, meaning), with the record's
/// integrity check. Only the signed-in participant's own latest record is ever shown.
enum ConsentCopyPage {
    static func show(_ request: Request, study: StudyServices) throws -> Response {
        let record = try latestRecord(request, study: study)
        let t = Localizer(request.language)
        let png = "data:image/png;base64,\(record.signaturePNG.base64EncodedString())"
        let integrity: HTML =
            record.isIntact
            ? "<p class=\"notice\">\(t("consent.copy.intact", ["hash": record.bindingHash]))</p>"
            : "<p class=\"alert\" role=\"alert\">\(t["consent.copy.broken"])</p>"
        var response = Response.html(
            Layout.page(
                title: t["consent.copy.title"], request: request,
                body: """
                    <link rel="stylesheet" href="\(StudyAssets.url("css/account.css"))">
                    <h1>\(t["consent.copy.title"])</h1>
                    <p class="no-print"><a class="button" href="/account/consent/\(record.id)/pdf" download>\
                    \(t["consent.copy.pdf"])</a></p>
                    <p class="no-print">\(t["consent.copy.printHint"])</p>
                    <section class="card consent-copy-document" aria-labelledby="consent-document-heading">
                    <h2 id="consent-document-heading">\(t["consent.copy.document"])</h2>
                    <iframe class="consent-frame" src="\(documentPath(record, request))" sandbox="" \
                    title="\(t["consent.copy.document"])"></iframe>
                    <p class="no-print"><a href="\(documentPath(record, request))">\(t["consent.copy.openDocument"])</a></p>
                    </section>
                    <section class="card" aria-labelledby="signature-heading">
                    <h2 id="signature-heading">\(t["consent.copy.signature"])</h2>
                    <img class="consent-signature" src="\(png)" \
                    alt="\(t("consent.copy.signatureAlt", ["name": record.printedName]))">
                    <dl class="consent-manifestation">
                    <dt>\(t["consent.copy.name"])</dt><dd>\(record.printedName)</dd>
                    <dt>\(t["consent.copy.signedAt"])</dt><dd>\(localTime(of: record))</dd>
                    <dt>\(t["consent.copy.meaning"])</dt><dd>\(record.signatureMeaning)</dd>
                    <dt>\(t["consent.copy.version"])</dt><dd>\(record.documentVersion) (\(record.language))</dd>
                    <dt>\(t["consent.copy.documentHash"])</dt><dd><code>\(record.documentSHA256)</code></dd>
                    </dl>
                    \(integrity)
                    <p class="no-print"><a href="/account/consent/receipt.json" download>\(t["consent.receipt.download"])</a></p>
                    <p class="no-print"><a href="/verify-receipt">\(t["consent.receipt.check"])</a></p>
                    </section>
                    <p class="no-print"><a class="button" href="/">\(t["consent.copy.backToToday"])</a></p>
                    """))
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// The framed document's address: the same record as the page.
    static func documentPath(_ record: ConsentRecord, _ request: Request) -> String {
        request.query["record"] == nil ? "/account/consent/document" : "/account/consent/document?record=\(record.id)"
    }

    /// The exact signed document bytes, with a policy that allows no script and only same-origin framing.
    static func document(_ request: Request, study: StudyServices) throws -> Response {
        let record = try latestRecord(request, study: study)
        return Response(
            headers: [
                "Content-Type": "text/html; charset=utf-8",
                "Content-Security-Policy": ConsentDocumentPage.contentSecurityPolicy,
                "X-Frame-Options": "SAMEORIGIN",
                "Cache-Control": "no-store",
            ],
            body: [UInt8](record.documentHTML))
    }

    /// The participant's record named by `?record=` (one of their own; any other id is not found), else
    /// their newest.
    static func latestRecord(_ request: Request, study: StudyServices) throws -> ConsentRecord {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        let all = try study.records.consentRecords(patientID: account.id)
        if let id = request.query["record"] {
            guard let chosen = all.first(where: { $0.id == id }) else {
                throw HTTPError(.notFound, "consent.copy.none")
            }
            return chosen
        }
        guard let latest = all.max(by: { $0.signedAt < $1.signedAt }) else {
            throw HTTPError(.notFound, "consent.copy.none")
        }
        return latest
    }

    /// "2026-11-29 20:05 UTC+08:00 (Asia/Shanghai)": the signing instant on the participant's clock, using
    /// the offset recorded at signing.
    static func localTime(of record: ConsentRecord) -> String {
        let seconds = offsetSeconds(record.utcOffset) ?? 0
        let local = LocalDateTime(instant: record.signedAt, in: TimeZone(secondsFromGMT: seconds) ?? .gmt)
        let time = "\(local.time)".prefix(5)
        return "\(local.date) \(time) UTC\(record.utcOffset) (\(record.timeZoneIdentifier))"
    }

    /// `+08:00` or `-05:30` as seconds east of UTC; `nil` for anything that is not an offset
    /// (``SignatureResult/isValidOffset(_:)``), so a stored value cannot overflow the sum.
    static func offsetSeconds(_ offset: String) -> Int? {
        let parts = offset.dropFirst().split(separator: ":")
        guard SignatureResult.isValidOffset(offset), parts.count == 2, let hours = Int(parts[0]),
            let minutes = Int(parts[1])
        else { return nil }
        return (offset.hasPrefix("-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
