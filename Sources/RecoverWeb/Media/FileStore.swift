import Foundation
import Web

/// Files (videos) stored content-addressed in the data folder: `files/ab/cdef…` where `abcdef…` is the
/// SHA-256 of the bytes. A file arrives as a finished temporary file in `files/incoming/` and is moved
/// into place by a rename, so a reader never sees a partial file.
///
/// ```swift
/// let store = FileStore(dataFolder: folder)
/// let stored = try store.keep(upload)           // moves the temporary file
/// let bytes = try store.contents(sha256: stored.sha256)
/// ```
public struct FileStore: Sendable {
    /// `<data folder>/files`.
    public let root: URL

    /// The store inside `dataFolder`.
    public init(dataFolder: URL) {
        root = dataFolder.appending(path: "files")
    }

    /// Where uploads are spooled before they are kept.
    public var incoming: URL { root.appending(path: "incoming") }

    /// The path of the file with this SHA-256, or `nil` for a malformed hash.
    public func url(sha256: String) -> URL? {
        guard Self.isHash(sha256) else { return nil }
        return root.appending(path: String(sha256.prefix(2))).appending(path: String(sha256.dropFirst(2)))
    }

    /// Whether a file with this SHA-256 is stored.
    public func contains(sha256: String) -> Bool {
        guard let url = url(sha256: sha256) else { return false }
        return FileManager.default.fileExists(atPath: url.path)
    }

    /// Moves a finished upload into place under its hash. The same bytes stored twice are one file.
    func keep(_ upload: SpooledUpload) throws {
        guard let target = url(sha256: upload.sha256) else { throw HTTPError(.internalServerError) }
        let manager = FileManager.default
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        if manager.fileExists(atPath: target.path) {
            try? manager.removeItem(at: upload.file)
            return
        }
        // rename(2): atomic on one file system; the incoming folder is inside `root`.
        guard rename(upload.file.path, target.path) == 0 else { throw HTTPError(.internalServerError) }
    }

    /// The bytes of the file with this SHA-256, or `nil` when there is none.
    public func contents(sha256: String) -> Data? {
        guard let url = url(sha256: sha256) else { return nil }
        return FileManager.default.contents(atPath: url.path)
    }

    /// Every stored hash (tests and verification).
    public func storedHashes() -> [String] {
        let manager = FileManager.default
        let folders = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
        return folders.filter { $0.count == 2 }.flatMap { folder in
            ((try? manager.contentsOfDirectory(atPath: root.appending(path: folder).path)) ?? []).map { folder + $0 }
        }.sorted()
    }

    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
