import Cryptography
import Foundation
import Web

/// The browser components under `Assets/study/` (docs/components.md), served at
/// `/assets/study/<version>/<folder>/<file>` under their own names, because the modules import each other by
/// relative paths. The version is a digest of every file, so a change to any file gives every URL a new version
/// and each can be cached for a year (`immutable`). The unversioned `/assets/study/<folder>/<file>` still
/// answers, revalidated on each use.
enum StudyAssets {
    /// The files by `folder/file`, loaded once.
    static let files: [String: AssetCatalog.Asset] = {
        guard let root = Bundle.module.url(forResource: "Assets", withExtension: nil)?.appendingPathComponent("study")
        else { return [:] }
        var files: [String: AssetCatalog.Asset] = [:]
        let manager = FileManager.default
        for folder in (try? manager.contentsOfDirectory(atPath: root.path)) ?? [] {
            let folderURL = root.appendingPathComponent(folder)
            for file in (try? manager.contentsOfDirectory(atPath: folderURL.path)) ?? [] {
                guard let data = manager.contents(atPath: folderURL.appendingPathComponent(file).path) else {
                    continue
                }
                let type = AssetCatalog.contentType(URL(fileURLWithPath: file).pathExtension)
                files["\(folder)/\(file)"] = AssetCatalog.Asset(
                    name: file, hashedName: file, contentType: type, bytes: [UInt8](data))
            }
        }
        return files
    }()

    /// The digest of every study file and its name: the version segment of their URLs.
    static let version: String = {
        var all: [UInt8] = []
        for name in files.keys.sorted() {
            all += Array(name.utf8) + [0]
            all += Crypto.sha256(files[name]?.bytes ?? [])
        }
        return "v" + Crypto.hex(Crypto.sha256(all)).prefix(12)
    }()

    /// The URL of a study asset, such as `svg/heart.svg`.
    static func url(_ path: String) -> String { "/assets/study/\(version)/\(path)" }

    /// The response for `/assets/study/:version/:folder/:file`: immutable for the current version; an older
    /// version (a page loaded before an upgrade) gets today's file, revalidated.
    static func response(version: String, folder: String, file: String, request: Request) throws -> Response {
        guard let asset = files["\(folder)/\(file)"] else { throw HTTPError(.notFound) }
        return asset.response(to: request, cacheControl: version == Self.version ? AssetCatalog.immutable : "no-cache")
    }

    /// The response for `/assets/study/:folder/:file`, revalidated on each use, since the URL has no version.
    static func response(folder: String, file: String, request: Request) throws -> Response {
        guard let asset = files["\(folder)/\(file)"] else { throw HTTPError(.notFound) }
        return asset.response(to: request, cacheControl: "no-cache")
    }

    /// The style sheets every participant page loads (in the body: `Layout` owns `head`); the page's scripts
    /// are chosen by ``moduleScripts(for:)`` from what the page holds.
    static var pageHead: HTML {
        """
        <link rel="stylesheet" href="\(url("css/study.css"))">
        <link rel="stylesheet" href="\(AssetCatalog.shared.url("journey.css"))">
        """
    }

    /// Each component module by the attribute that marks the elements it enhances (the selector its script
    /// queries; docs/components.md). push.js answers the permission card's events.
    static let modulesByAttribute: [String: [String]] = [
        "data-signature-pad": ["signature-pad.js"], "data-rom": ["range-of-motion.js"],
        "data-permission-card": ["permissions.js", "push.js"], "data-scale": ["scale-slider.js"],
        "data-text-counter": ["text-counter.js"], "data-confirm": ["confirm-submit.js"],
        "data-timezone": ["timezone.js"], "data-browser-zone-for": ["timezone.js"], "data-zone-filter": ["timezone.js"],
        "data-body-model": ["body-model.js"], "data-camera-recorder": ["camera-recorder.js"],
        "data-tone-test": ["hearing-test.js"], "data-noise-check": ["hearing-test.js"],
        "data-choice-group": ["formats.js"], "data-measure": ["formats.js"], "data-location": ["location.js"],
        "data-health-upload": ["health-upload.js"], "data-reset-code": ["reset-code.js"],
        "data-push-device": ["push.js"], "data-error-summary": ["error-summary.js"],
        "data-visible-when": ["branching.js"],
    ]

    /// Module script tags for the component modules whose elements `body` holds, and only those: one pass over
    /// the markup's bytes collects the `data-` attribute names (a name is followed by `=`, a space, `>` or `/`).
    ///
    /// Every page is scanned whole (a step page is 15-25 KB), so the scan is a plain loop over the contiguous
    /// UTF-8: the generic `firstRange(of:)` over a `Substring.UTF8View` it replaces was half of a step page's
    /// cost, most of it looking up generic metadata per call.
    static func moduleScripts(for body: HTML) -> HTML {
        var markup = body.rendered
        let modules = markup.withUTF8 { bytes in
            var modules = Set<String>()
            var index = 0
            let last = bytes.count - 5
            while index <= last {
                guard bytes[index] == UInt8(ascii: "d"), bytes[index + 1] == UInt8(ascii: "a"),
                    bytes[index + 2] == UInt8(ascii: "t"), bytes[index + 3] == UInt8(ascii: "a"),
                    bytes[index + 4] == UInt8(ascii: "-")
                else {
                    index += 1
                    continue
                }
                var end = index + 5
                while end < bytes.count, !Self.endsName(bytes[end]) { end += 1 }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
                if let found = modulesByAttribute[name] { modules.formUnion(found) }
                index = end
            }
            return modules
        }
        return modules.sorted().map { HTML("<script type=\"module\" src=\"\(url("js/\($0)"))\"></script>") }.joined
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: " "), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "\n"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"), UInt8(ascii: ","):
            true
        default: false
        }
    }
}
