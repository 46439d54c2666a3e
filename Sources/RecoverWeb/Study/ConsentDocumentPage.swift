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
        let html = ConsentDocuments.consent(language: language).html
        return Response(
            headers: [
                "Content-Type": "text/html; charset=utf-8",
                "Content-Security-Policy": contentSecurityPolicy,
                "X-Frame-Options": "SAMEORIGIN",
            ],
            body: Array(html.utf8))
    }
}
