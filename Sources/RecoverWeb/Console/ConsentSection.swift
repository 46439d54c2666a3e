import Foundation
import RecoverData
import Web

/// The participant page's consent records: the signature image, the signature's manifestation, and whether
/// the record still verifies (its hashes match its fields, and the server signature, when there is one,
/// matches the server's public key).
enum ConsentSection {
    static func render(
        _ records: [ConsentRecord], problems: [String: [String]], participantID: String, t: Localizer
    ) -> HTML {
        let items = records.reversed().map { record in
            let signatureNote =
                record.serverSignature == nil ? t["console.consent.unsigned"] : t["console.consent.serverSigned"]
            return HTML(
                """
                <div class="consent-record">
                <p>\(status(problems[record.id] ?? [], t: t)) \(signatureNote)</p>
                <img class="signature-image" src="/console/participants/\(participantID)/consent/\(record.id)/signature.png" \
                alt="\(t("console.consent.signatureAlt", ["name": record.printedName]))" width="300" height="120">
                <dl class="definition">
                <dt>\(t["console.consent.printedName"])</dt><dd>\(record.printedName)</dd>
                <dt>\(t["console.consent.signedAt"])</dt><dd>\(signedAt(record))</dd>
                <dt>\(t["console.consent.meaning"])</dt><dd>\(record.signatureMeaning)</dd>
                <dt>\(t["console.consent.version"])</dt><dd>\(record.documentVersion) (\(record.language))</dd>
                <dt>\(t["console.consent.documentHash"])</dt><dd><span class="id">\(record.documentSHA256)</span></dd>
                <dt>\(t["console.consent.bindingHash"])</dt><dd><span class="id">\(record.bindingHash)</span></dd>
                </dl>
                <p><a href="/console/participants/\(participantID)/consent">\(t["console.consent.printable"])</a> · \
                <a href="/console/participants/\(participantID)/consent/\(record.id)/pdf" download>\(t["console.consent.pdf"])</a></p>
                </div>
                """)
        }
        let body: HTML = records.isEmpty ? "<p>\(t["console.consent.none"])</p>" : "\(items)"
        return """
            <section class="card" aria-labelledby="consent-heading">
            <h2 id="consent-heading">\(t["console.consent.title"])</h2>
            \(body)
            </section>
            """
    }

    /// "verified" or "altered: printed name, signed at".
    static func status(_ problems: [String], t: Localizer) -> HTML {
        problems.isEmpty
            ? "<span class=\"badge open\">\(t["console.consent.ok"])</span>"
            : "<span class=\"badge revoked\">\(t["console.consent.altered"])</span> \(problems.joined(separator: ", "))"
    }

    /// The signing time in the participant's zone with its UTC offset, as recorded: `2026-03-29 15:05:09 +08:00`.
    static func signedAt(_ record: ConsentRecord) -> String {
        let zone = TimeZone(identifier: record.timeZoneIdentifier) ?? TimeZone(identifier: "UTC") ?? .current
        return "\(ConsoleFormat.dateTimeWithOffset(record.signedAt, in: zone)) (\(record.timeZoneIdentifier))"
    }
}

extension ConsentSection {
    /// Where the participant stands with each of the study's consent documents, and the document and version
    /// of every record they signed, newest first: what a monitor checks when a consent form changed.
    static func documents(_ page: ConsoleParticipantView, t: Localizer) -> HTML {
        guard !page.consentStandings.isEmpty else { return .empty }
        let language = t.language.tag
        let rows = page.consentStandings.map { standing -> HTML in
            let title = standing.current.text(language)?.title ?? standing.current.documentID
            let kind = t[
                standing.current.isRequired ? "console.consentForms.required" : "console.consentForms.optional"]
            let status: HTML
            if standing.isCurrent {
                status =
                    "<span class=\"badge open\">\(t("console.consentForms.current", ["version": standing.current.version]))</span>"
            } else if let signed = standing.signedVersion {
                status = """
                    <span class="badge revoked">\(t("console.consentForms.waiting", ["before": signed, "now": standing.current.version]))</span>
                    """
            } else {
                status = "\(t("console.consentForms.unsigned", ["now": standing.current.version]))"
            }
            return "<tr><th scope=\"row\">\(title) <span class=\"hint\">(\(kind))</span></th><td>\(status)</td></tr>"
        }
        let history = page.consents.reversed().map { record -> HTML in
            let version = page.consentVersions.first { $0.contains(sha256: record.documentSHA256) }
            let title = version?.text(language)?.title ?? t["console.consentForms.unknownDocument"]
            let line = t(
                "console.consentForms.record",
                ["title": title, "version": record.documentVersion, "when": signedAt(record)])
            return "<li>\(line)</li>"
        }
        return """
            <section class="card" aria-labelledby="consent-forms-heading">
            <h2 id="consent-forms-heading">\(t["console.consentForms.title"])</h2>
            <table class="data"><thead><tr><th scope="col">\(t["console.consentForms.document"])</th>\
            <th scope="col">\(t["console.consentForms.status"])</th></tr></thead><tbody>\(rows)</tbody></table>
            <h3>\(t["console.consentForms.history"])</h3>
            <ul>\(history)</ul>
            </section>
            """
    }
}
