import Cryptography
import Foundation
import Web

/// `GET /verify-receipt`: a standalone page (one HTML file with its script and style inside, English and
/// Chinese) that checks a consent receipt in the browser with WebCrypto's Ed25519 and makes no request, so a
/// participant can also save it and use it offline. Its policy allows exactly its own script and style by hash.
public enum ReceiptVerificationPage {
    /// Adds `GET /verify-receipt`.
    public static func add(to router: inout Router) {
        router.group(.publicPages) { pages in
            pages.get("/verify-receipt") { _ in try response() }
        }
    }

    /// The page's bytes, read once from the bundle.
    static let page: [UInt8]? = {
        guard
            let url = Bundle.module.url(forResource: "Assets", withExtension: nil)?
                .appending(path: "verify-receipt.html")
        else { return nil }
        return FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
    }()

    /// Its Content-Security-Policy: no source but its own inline script and style, no requests at all.
    static let contentSecurityPolicy: String = {
        let text = String(decoding: page ?? [], as: UTF8.self)
        let script = hash(of: text, between: "<script type=\"module\">", and: "</script>")
        let style = hash(of: text, between: "<style>", and: "</style>")
        return "default-src 'none'; script-src '\(script)'; style-src '\(style)'; form-action 'none'; "
            + "frame-ancestors 'none'; base-uri 'none'"
    }()

    static func response() throws -> Response {
        guard let page else { throw HTTPError(.notFound) }
        return Response(
            headers: [
                "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": contentSecurityPolicy,
                "Cache-Control": "no-cache",
            ],
            body: page)
    }

    /// `sha256-<base64>` of the text between `start` and `end` (a CSP source for an inline element).
    private static func hash(of text: String, between start: String, and end: String) -> String {
        guard let open = text.range(of: start), let close = text.range(of: end, range: open.upperBound..<text.endIndex)
        else { return "'none'" }
        let inner = Array(text[open.upperBound..<close.lowerBound].utf8)
        return "sha256-" + Data(Crypto.sha256(inner)).base64EncodedString()
    }
}
