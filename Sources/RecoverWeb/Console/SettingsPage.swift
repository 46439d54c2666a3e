import Foundation
import Web

/// `GET /console/settings` (staff): the server's settings the study team needs now and then, such as the
/// public key that checks the server signatures of exported consent records.
enum SettingsPage {
    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        _ = try context.staff(request)
        let t = Localizer(request.language)
        let key: HTML =
            context.serverPublicKey.map { key in
                """
                <p class="id key" id="public-key">\(Data(key).base64EncodedString())</p>
                <p class="hint">\(t["console.publicKey.hint"])</p>
                """
            } ?? "<p>\(t["console.publicKey.none"])</p>"
        return .html(
            ConsoleLayout.page(
                title: t["console.settings.title"], section: .settings, request: request,
                body: """
                    <h1>\(t["console.settings.title"])</h1>
                    <section class="card" aria-labelledby="key-heading">
                    <h2 id="key-heading">\(t["console.publicKey.title"])</h2>
                    \(key)
                    </section>
                    """))
    }
}
