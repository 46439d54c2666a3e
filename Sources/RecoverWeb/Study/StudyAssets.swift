import Foundation
import Web

/// The browser components under `Assets/study/` (docs/components.md), served at `/assets/study/<folder>/<file>`
/// under their own names, because the modules import each other by relative paths.
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

    /// The URL of a study asset, such as `svg/heart.svg`.
    static func url(_ path: String) -> String { "/assets/study/\(path)" }

    /// The response for `/assets/study/:folder/:file`; revalidated on each use, since the names are not hashed.
    static func response(folder: String, file: String) throws -> Response {
        guard let asset = files["\(folder)/\(file)"] else { throw HTTPError(.notFound) }
        return Response(
            headers: ["Content-Type": asset.contentType, "Cache-Control": "no-cache"], body: asset.bytes)
    }

    /// The style sheets and the entry module every participant page loads (in the body: `Layout` owns `head`).
    static var pageHead: HTML {
        """
        <link rel="stylesheet" href="\(url("css/study.css"))">
        <link rel="stylesheet" href="\(AssetCatalog.shared.url("journey.css"))">
        <script type="module" src="\(url("js/study.js"))"></script>
        """
    }
}
