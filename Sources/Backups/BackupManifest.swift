import Foundation

/// The first entry of a backup archive, `manifest.json`: every other file with its SHA-256 and size.
///
/// ```json
/// {"format": "recover.backup", "version": 1, "createdAt": "2026-03-29T07:05:09.123Z", "creator": "recover 0.1.0",
///  "database": "recover.sqlite",
///  "files": [{"path": "recover.sqlite", "sha256": "9f86…", "size": 212992}, {"path": "signing-key", …}]}
/// ```
public struct BackupManifest: Codable, Hashable, Sendable {
    /// One file of the backup.
    public struct Entry: Codable, Hashable, Sendable {
        /// The path inside the data folder (`files/ab/cdef…`).
        public var path: String
        /// Lowercase hex SHA-256 of the bytes.
        public var sha256: String
        /// The length in bytes.
        public var size: Int64
    }

    /// The name of the manifest's own entry.
    public static let entryName = "manifest.json"
    static let formatName = "recover.backup"
    static let currentVersion = 1
    /// Bounds on what a manifest may claim, so reading one can neither exhaust memory nor overflow a sum.
    static let maximumBytes = 64 << 20
    static let maximumFiles = 1_000_000
    static let maximumFileSize: Int64 = 1 << 40

    /// `recover.backup`.
    public var format: String
    /// The manifest format's version.
    public var version: Int
    /// When the backup was made (UTC).
    public var createdAt: String
    /// The program that made it.
    public var creator: String
    /// Which entry is the SQLite database.
    public var database: String
    /// Every file, in archive order.
    public var files: [Entry]

    /// The total size of the files.
    public var totalBytes: Int64 { files.reduce(0) { $0 + $1.size } }

    /// Decodes and checks a manifest: known format, safe and distinct paths, well-formed hashes, sizes within
    /// bounds, and the database among the files.
    static func decode(_ bytes: [UInt8]) throws -> BackupManifest {
        let manifest: BackupManifest
        do {
            manifest = try JSONDecoder().decode(BackupManifest.self, from: Data(bytes))
        } catch {
            throw BackupError(.badManifest, "the manifest is not valid JSON of a Recover backup")
        }
        try manifest.check()
        return manifest
    }

    private func check() throws {
        guard format == Self.formatName else {
            throw BackupError(.badManifest, "the manifest is not a Recover backup's (format '\(format.prefix(40))')")
        }
        guard (1...Self.currentVersion).contains(version) else {
            throw BackupError(.badManifest, "the backup's format version \(version) is not one this program reads")
        }
        guard files.count <= Self.maximumFiles else {
            throw BackupError(.badManifest, "the manifest lists more than \(Self.maximumFiles) files")
        }
        var seen = Set<String>()
        for entry in files {
            guard BackupPath.isSafe(entry.path), entry.path != Self.entryName else {
                throw BackupError(
                    .badManifest,
                    "the manifest names an unsafe path (absolute, with '..', or unusual characters); nothing was written"
                )
            }
            guard seen.insert(entry.path).inserted else {
                throw BackupError(.badManifest, "the manifest lists \(entry.path) twice")
            }
            guard Self.isHash(entry.sha256) else {
                throw BackupError(.badManifest, "the manifest's SHA-256 of \(entry.path) is not 64 hex digits")
            }
            guard (0...Self.maximumFileSize).contains(entry.size) else {
                throw BackupError(.badManifest, "the manifest's size of \(entry.path) is out of range")
            }
        }
        // A file and a folder of the same name cannot both be restored.
        for path in seen {
            var prefix = Substring(path)
            while let slash = prefix.lastIndex(of: "/") {
                prefix = prefix[..<slash]
                if seen.contains(String(prefix)) {
                    throw BackupError(.badManifest, "the manifest lists \(prefix) both as a file and as a folder")
                }
            }
        }
        guard seen.contains(database) else {
            throw BackupError(.badManifest, "the manifest does not list the database file")
        }
    }

    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
