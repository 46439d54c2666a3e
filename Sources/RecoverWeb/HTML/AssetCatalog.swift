import Cryptography
import Foundation
import Web

/// The static files under `Sources/RecoverWeb/Assets`, served at content-hashed URLs
/// (`/assets/app-3f2a9c1b7d.css`) with a one-year immutable cache lifetime.
///
/// Add a file to the Assets folder and link it with `AssetCatalog.shared.url("name.ext")`.
public struct AssetCatalog: Sendable {
    /// One served file, with its compressed forms made once when it is loaded (brotli at the highest quality,
    /// gzip), for text types.
    public struct Asset: Sendable {
        /// The file's name in the Assets folder (`app.css`), as ``AssetCatalog/url(_:)`` takes it.
        public let name: String
        /// The name it is served under, with a hash of its content (`app-3f2a9c1b7d.css`).
        public let hashedName: String
        /// The `Content-Type`, from the file's extension.
        public let contentType: String
        /// The file's bytes, uncompressed.
        public let bytes: [UInt8]
        let compressed: [Compression.Coding: [UInt8]]

        init(name: String, hashedName: String, contentType: String, bytes: [UInt8]) {
            self.name = name
            self.hashedName = hashedName
            self.contentType = contentType
            self.bytes = bytes
            var compressed: [Compression.Coding: [UInt8]] = [:]
            if bytes.count >= Compression.minimumSize, Compression.isCompressible(contentType) {
                for coding in Compression.Coding.allCases {
                    if let smaller = Compression.compress(bytes, coding, quality: 11), smaller.count < bytes.count {
                        compressed[coding] = smaller
                    }
                }
            }
            self.compressed = compressed
        }

        /// The file for `request`, in the best coding it accepts, with `cacheControl`.
        func response(to request: Request, cacheControl: String) -> Response {
            var response = Response(headers: ["Content-Type": contentType, "Cache-Control": cacheControl], body: bytes)
            guard !compressed.isEmpty else { return response }
            response.headers["Vary"] = "Accept-Encoding"
            if let coding = Compression.preferred(request.headers["accept-encoding"]), let body = compressed[coding] {
                response.headers["Content-Encoding"] = coding.rawValue
                response.body = body
            }
            return response
        }
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

    /// The lifetime of files whose URL changes with their content.
    public static let immutable = "public, max-age=31536000, immutable"

    /// The response for `/assets/:name`.
    public func response(for hashedName: String, request: Request) throws -> Response {
        guard let asset = byHashedName[hashedName] else { throw HTTPError(.notFound) }
        return asset.response(to: request, cacheControl: Self.immutable)
    }

    static func contentType(_ fileExtension: String) -> String {
        switch fileExtension {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "ico": "image/x-icon"
        default: "application/octet-stream"
        }
    }
}
