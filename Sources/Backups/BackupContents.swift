import Foundation

/// What a backup of a folder holds: the SQLite database (copied with the online backup API), single files
/// when present, and folders with everything in them except the excluded ones.
///
/// ```swift
/// let contents = BackupContents(
///     database: "recover.sqlite", files: ["signing-key"], folders: ["files"], excluded: ["files/incoming"])
/// ```
public struct BackupContents: Hashable, Sendable {
    /// The database file's path in the folder.
    public var database: String
    /// Single files, included when they exist.
    public var files: [String]
    /// Folders included with all their regular files, recursively.
    public var folders: [String]
    /// Folders left out (temporary files).
    public var excluded: [String]

    /// The contents with these paths, all relative to the folder.
    public init(database: String, files: [String] = [], folders: [String] = [], excluded: [String] = []) {
        self.database = database
        self.files = files
        self.folders = folders
        self.excluded = excluded
    }

    /// The relative paths of the files to archive besides the database, in archive order: the single files,
    /// then each folder's files sorted. Entries that are not regular files (links, sockets) or whose names a
    /// backup cannot hold are left out.
    func listFiles(in folder: URL) -> [String] {
        var paths = files.filter { isRegularFile(folder.appending(path: $0)) }
        for root in folders {
            paths += walk(root, in: folder)
        }
        return paths.filter(BackupPath.isSafe)
    }

    private func walk(_ relative: String, in folder: URL) -> [String] {
        guard !excluded.contains(relative) else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appending(path: relative).path)) ?? []
        return names.sorted().flatMap { name -> [String] in
            let path = relative + "/" + name
            let url = folder.appending(path: path)
            if isRegularFile(url) { return [path] }
            return isFolder(url) ? walk(path, in: folder) : []
        }
    }

    private func isRegularFile(_ url: URL) -> Bool { fileType(url) == S_IFREG }
    private func isFolder(_ url: URL) -> Bool { fileType(url) == S_IFDIR }

    /// The type bits of `url` itself (a symbolic link is not followed).
    private func fileType(_ url: URL) -> mode_t? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }
}
