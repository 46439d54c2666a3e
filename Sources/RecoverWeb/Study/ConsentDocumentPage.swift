import Foundation
import Recover
import Web

/// `GET /consent/document/:language`: the study-authored consent HTML, exactly the bytes that are signed,
/// with its own Content-Security-Policy (no script at all) so it can be framed by the consent step, which
/// also sandboxes the frame.
enum ConsentDocumentPage {
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'; "
        + "form-action 'none'"

    static func show(_ request: Request) throws -> Response {
        guard let language = StudyLanguage(rawValue: try request.parameter("language")) else {
            throw HTTPError(.notFound)
        }
        return response(ConsentDocuments.consent(language: language).html)
    }

    /// `GET /consent/text/:sha256`: the text of any version of the study's consent documents, by the SHA-256
    /// a consent page (and a signed record) names it with. Documents are the study's, not the participant's.
    static func text(_ request: Request, study: StudyServices) throws -> Response {
        let sha256 = try request.parameter("sha256")
        guard sha256.count == 64, sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
            let found = try study.records.consentText(sha256: sha256), let text = found.version.texts[found.language]
        else { throw HTTPError(.notFound) }
        return response(text.html)
    }

    static func response(_ html: String) -> Response {
        Response(
            headers: [
                "Content-Type": "text/html; charset=utf-8",
                "Content-Security-Policy": contentSecurityPolicy,
                "X-Frame-Options": "SAMEORIGIN",
            ],
            body: Array(html.utf8))
    }
}
