import Cryptography
import Foundation
import Web

/// The static files under `Sources/RecoverWeb/Assets`, served at content-hashed URLs
/// (`/assets/app-3f2a9c1b7d.css`) with a one-year immutable cache lifetime.
///
/// Add a file to the Assets folder and link it with `AssetCatalog.shared.url("name.ext")`.
public struct AssetCatalog: Sendable {
    /// One served file.
    public struct Asset: Sendable {
        public let name: String
        public let hashedName: String
        public let contentType: String
        public let bytes: [UInt8]
    }

    /// Assets by hashed name.
    public let byHashedName: [String: Asset]
    /// Hashed names by original name.
    public let hashedNames: [String: String]

    /// The bundled assets, loaded once.
    public static let shared = AssetCatalog(directory: Bundle.module.url(forResource: "Assets", withExtension: nil))

    /// Loads every file of `directory` (none when `nil`).
    public init(directory: URL?) {
        var assets: [String: Asset] = [:]
        var names: [String: String] = [:]
        let files = directory.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        for file in files {
            guard let directory,
                let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path)
            else { continue }
            let bytes = [UInt8](data)
            let url = URL(fileURLWithPath: file)
            let stem = url.deletingPathExtension().lastPathComponent
            let hashed = "\(stem)-\(Crypto.hex(Crypto.sha256(bytes)).prefix(12)).\(url.pathExtension)"
            assets[hashed] = Asset(
                name: file, hashedName: hashed, contentType: Self.contentType(url.pathExtension), bytes: bytes)
            names[file] = hashed
        }
        byHashedName = assets
        hashedNames = names
    }

    /// The URL of the asset named `name` (`app.css`).
    public func url(_ name: String) -> String {
        "/assets/\(hashedNames[name] ?? name)"
    }

    /// The response for `/assets/:name`.
    public func response(for hashedName: String) throws -> Response {
        guard let asset = byHashedName[hashedName] else { throw HTTPError(.notFound) }
        return Response(
            headers: [
                "Content-Type": asset.contentType,
                "Cache-Control": "public, max-age=31536000, immutable",
            ],
            body: asset.bytes)
    }

    static func contentType(_ fileExtension: String) -> String {
        switch fileExtension {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
