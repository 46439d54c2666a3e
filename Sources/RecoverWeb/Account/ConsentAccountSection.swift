import Foundation
import RecoverData
import Web

/// The account page's "Consent forms": each of the study's documents with where the participant stands (the
/// version signed, a new version waiting, an optional form not signed, each with "Read and sign"), then every
/// record they ever signed, newest first, each opening its signed copy.
enum ConsentAccountSection {
    static func render(_ request: Request, study: StudyServices) throws -> HTML {
        guard let account = request.account, account.role == .participant else { return .empty }
        let t = Localizer(request.language)
        let language = ParticipantContext.language(request).tag
        let standings = try study.records.consentStandings(patientID: account.id)
        let versions = try study.records.consentVersions()
        let records = try study.records.consentRecords(patientID: account.id).sorted { $0.signedAt > $1.signedAt }
        let canSign = account.withdrawnAt == nil
        let documents = standings.map { standing -> HTML in
            let title = standing.current.text(language)?.title ?? standing.current.documentID
            let status: String
            if standing.isCurrent {
                status = t("consent.forms.signed", ["version": standing.current.version])
            } else if let signed = standing.signedVersion {
                status = t("consent.forms.newVersion", ["before": signed, "now": standing.current.version])
            } else if standing.current.isRequired {
                status = t("consent.forms.unsigned", ["now": standing.current.version])
            } else {
                status = t("consent.forms.optional", ["now": standing.current.version])
            }
            let action: HTML =
                canSign && !standing.isCurrent
                ? """
                <a class="button\(standing.current.isRequired ? "" : " secondary")" \
                href="/consent/sign/\(standing.current.documentID)">\(t["consent.forms.sign"])</a>
                """
                : .empty
            return "<li><strong>\(title)</strong><br>\(status) \(action)</li>"
        }
        let history = records.map { record -> HTML in
            let version = versions.first { $0.contains(sha256: record.documentSHA256) }
            let title = version?.text(language)?.title ?? record.documentVersion
            let when = ConsentCopyPage.localTime(of: record)
            return """
                <li><a href="/account/consent?record=\(record.id)">\(title)</a><br>\
                \(t("consent.forms.record", ["version": record.documentVersion, "when": when]))</li>
                """
        }
        let historyList: HTML =
            history.isEmpty
            ? "<p>\(t["consent.forms.none"])</p>"
            : "<h3>\(t["consent.forms.history"])</h3><ul class=\"consent-history\">\(history)</ul>"
        return """
            <section class="card" id="consent" aria-labelledby="consent-forms-heading">
            <h2 id="consent-forms-heading">\(t["consent.forms.title"])</h2>
            <ul class="consent-forms">\(documents)</ul>
            \(historyList)
            </section>
            """
    }
}
