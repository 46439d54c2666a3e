import Foundation
import SQLite

/// Backups of a data folder as one archive file: a gzip-compressed tar whose first entry is
/// `manifest.json` (``BackupManifest``), followed by the database and the other files it lists.
///
/// ```swift
/// let manifest = try BackupArchive.create(
///     of: folder, contents: contents, database: database, to: archive, creator: "recover 0.1.0")
/// try BackupArchive.verify(at: archive)                      // hashes, sizes, database integrity
/// try BackupArchive.restore(from: archive, into: emptyFolder)
/// ```
///
/// A backup holds every secret of the folder it copies (the signing key among them): the archive is
/// created with mode 0600, and so is every restored file.
public enum BackupArchive {
    /// Archives `contents` of `folder` into a new file at `destination` while the database stays in use.
    ///
    /// The database is copied first, with SQLite's online backup API, as of one moment; the other files are
    /// listed after it, so every media file the copied database refers to is in the backup. The archive is
    /// written beside `destination` under a temporary name and renamed into place only when complete and
    /// flushed to the disk, replacing a previous file of that name; it must be outside `folder`. `progress` is
    /// told the files archived.
    @discardableResult
    public static func create(
        of folder: URL, contents: BackupContents, database: Database, to destination: URL, creator: String,
        now: Date = Date(), progress: (Int) -> Void = { _ in }
    ) throws -> BackupManifest {
        var isFolder: ObjCBool = false
        let target = destination.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw BackupError(.fileSystem, "cannot write \(destination.path): the folder \(target.path) does not exist")
        }
        let inside = folder.resolvingSymlinksInPath().path + "/"
        guard !(target.resolvingSymlinksInPath().path + "/").hasPrefix(inside) else {
            throw BackupError(
                .fileSystem,
                "write the backup outside the folder it copies (\(destination.path) is inside \(folder.path))")
        }
        let partialName = ".\(destination.lastPathComponent).partial-\(UUID().uuidString)"
        let snapshot = target.appending(path: partialName + ".sqlite")
        let partial = target.appending(path: partialName)
        defer { unlink(snapshot.path) }
        do {
            try database.backup(to: snapshot)
        } catch {
            throw BackupError(.fileSystem, "cannot copy the database next to \(destination.path): \(error)")
        }
        var sources = [(path: contents.database, url: snapshot)]
        sources += contents.listFiles(in: folder).map { ($0, folder.appending(path: $0)) }
        var entries: [BackupManifest.Entry] = []
        for source in sources {
            let digest = try FileChunks.digest(of: source.url)
            entries.append(BackupManifest.Entry(path: source.path, sha256: digest.sha256, size: digest.size))
        }
        let manifest = BackupManifest(
            format: BackupManifest.formatName, version: BackupManifest.currentVersion,
            createdAt: DatabaseDate.string(from: now), creator: creator, database: contents.database, files: entries)
        do {
            try write(manifest, sources: sources.map(\.url), to: partial, progress: progress)
            guard rename(partial.path, destination.path) == 0 else {
                throw BackupError(.fileSystem, "cannot write \(destination.path): \(systemReason())")
            }
        } catch {
            unlink(partial.path)
            throw error
        }
        syncFolder(target)
        return manifest
    }

    private static func write(
        _ manifest: BackupManifest, sources: [URL], to partial: URL, progress: (Int) -> Void
    ) throws {
        let file = try NewFile(url: partial)
        let writer = try ArchiveWriter(fileDescriptor: file.fileDescriptor, name: partial.path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try writer.add(path: BackupManifest.entryName, bytes: Array(try encoder.encode(manifest)))
        for (index, (entry, url)) in zip(manifest.files, sources).enumerated() {
            let chunks = try FileChunks(url: url)
            var hash = SHA256Digest()
            try writer.add(path: entry.path, size: entry.size) { buffer in
                let count = try chunks.read(into: &buffer)
                hash.update(buffer, count: count)
                return count
            }
            guard hash.finish() == entry.sha256 else {
                throw BackupError(
                    .fileSystem, "\(entry.path) changed while it was being archived; run the backup again")
            }
            progress(index + 1)
        }
        try writer.finish()
        try file.finish()
    }
}
