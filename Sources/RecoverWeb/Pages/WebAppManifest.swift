import Foundation
import Web

/// `/manifest.webmanifest`: what a phone needs to add the study to its home screen (name, start page, colours,
/// icons), in the visitor's language.
enum WebAppManifest {
    struct Manifest: Encodable {
        let name: String
        let shortName: String
        let lang: String
        let startURL = "/"
        let scope = "/"
        let display = "standalone"
        let backgroundColor = "#ffffff"
        let themeColor = "#1e3a8a"
        let icons: [Icon]

        enum CodingKeys: String, CodingKey {
            case name, lang, scope, display, icons
            case shortName = "short_name"
            case startURL = "start_url"
            case backgroundColor = "background_color"
            case themeColor = "theme_color"
        }
    }

    struct Icon: Encodable {
        let src: String
        let sizes: String
        let type: String
    }

    static func response(_ request: Request) throws -> Response {
        let t = Localizer(request.language)
        let assets = AssetCatalog.shared
        let manifest = Manifest(
            name: t["layout.footer"], shortName: "Recover", lang: request.language.tag,
            icons: [
                Icon(src: assets.url("icon-192.png"), sizes: "192x192", type: "image/png"),
                Icon(src: assets.url("icon-512.png"), sizes: "512x512", type: "image/png"),
                Icon(src: assets.url("icon.svg"), sizes: "any", type: "image/svg+xml"),
            ])
        var response = try Response.json(manifest)
        response.headers["Content-Type"] = "application/manifest+json"
        // Kept for an hour by this browser; it changes only with the language.
        response.headers["Cache-Control"] = "private, max-age=3600"
        response.headers["Vary"] = "Cookie"
        return response
    }
}
