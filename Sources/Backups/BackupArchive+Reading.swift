import Foundation

extension BackupArchive {
    /// Reads the whole archive and checks it against its manifest: the manifest comes first and is sound,
    /// every other entry is a regular file it lists, once, with the listed size and SHA-256, and nothing it
    /// lists is missing. `keep` names the folder to write an entry's bytes into (nil: only check them); the
    /// manifest is checked before any byte is written. Returns the manifest.
    static func readChecked(
        _ archive: URL, keep: (BackupManifest, BackupManifest.Entry) -> URL?, progress: (Int) -> Void
    ) throws -> BackupManifest {
        let reader = try ArchiveReader(url: archive)
        guard let first = try reader.next() else {
            throw BackupError(.damagedArchive, "\(archive.path) is an empty archive, not a Recover backup")
        }
        guard first.path == BackupManifest.entryName, first.isRegularFile else {
            throw BackupError(
                .badManifest, "\(archive.path) does not start with a manifest; it is not a Recover backup")
        }
        let manifest = try BackupManifest.decode(try readManifest(reader))
        var expected = Dictionary(uniqueKeysWithValues: manifest.files.map { ($0.path, $0) })
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var done = 0
        while let header = try reader.next() {
            guard let entry = expected.removeValue(forKey: header.path) else {
                let shown = BackupPath.isSafe(header.path) ? header.path : "a file with an unsafe name"
                throw BackupError(
                    .damagedArchive, "the archive holds \(shown), which the manifest does not list (once)")
            }
            guard header.isRegularFile else {
                throw BackupError(.damagedArchive, "\(entry.path) is not a regular file in the archive")
            }
            let sink = try keep(manifest, entry).map { try NewFile(root: $0, path: entry.path) }
            var hash = SHA256Digest()
            var size: Int64 = 0
            while case let count = try reader.read(into: &buffer), count > 0 {
                size += Int64(count)
                guard size <= entry.size else { throw mismatch(entry) }
                hash.update(buffer, count: count)
                try sink?.write(buffer, count: count)
            }
            guard size == entry.size, hash.finish() == entry.sha256 else { throw mismatch(entry) }
            try sink?.finish()
            done += 1
            progress(done)
        }
        if let missing = expected.keys.sorted().first {
            throw BackupError(.damagedArchive, "the archive lacks \(missing), which the manifest lists")
        }
        return manifest
    }

    private static func readManifest(_ reader: ArchiveReader) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while case let count = try reader.read(into: &buffer), count > 0 {
            guard bytes.count + count <= BackupManifest.maximumBytes else {
                throw BackupError(.badManifest, "the manifest is larger than \(BackupManifest.maximumBytes >> 20) MiB")
            }
            bytes += buffer.prefix(count)
        }
        return bytes
    }

    private static func mismatch(_ entry: BackupManifest.Entry) -> BackupError {
        BackupError(.mismatch, "\(entry.path) does not match its size and SHA-256 in the manifest")
    }
}
