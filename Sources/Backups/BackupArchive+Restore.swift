import Foundation

extension BackupArchive {
    /// Restores a backup into `folder`, which must be empty or not exist yet (its parent must).
    ///
    /// The archive is verified first (``verify(at:progress:)``), so a damaged backup changes nothing. It is
    /// then unpacked into a hidden folder inside `folder`, checked again entry by entry, and moved into place,
    /// the database last. Files get mode 0600 and folders 0700, whatever the archive says. If anything fails,
    /// what was written is removed again and `folder` is left as it was.
    @discardableResult
    public static func restore(
        from archive: URL, into folder: URL, progress: (Int) -> Void = { _ in }
    ) throws -> BackupManifest {
        let existed = try checkEmptyTarget(folder)
        let manifest = try verify(at: archive)
        if !existed {
            guard mkdir(folder.path, 0o700) == 0 else {
                throw BackupError(.fileSystem, "cannot create the folder \(folder.path): \(systemReason())")
            }
        }
        let staging = folder.appending(path: ".restore-\(UUID().uuidString)")
        do {
            guard mkdir(staging.path, 0o700) == 0 else {
                throw BackupError(.fileSystem, "cannot create a folder in \(folder.path): \(systemReason())")
            }
            let unpacked = try readChecked(archive, keep: { _, _ in staging }, progress: progress)
            guard unpacked == manifest else {
                throw BackupError(.damagedArchive, "\(archive.path) changed while it was being restored")
            }
            try moveIntoPlace(manifest, from: staging, into: folder)
            try? FileManager.default.removeItem(at: staging)
            chmod(folder.path, 0o700)
            syncFolder(folder)
            return manifest
        } catch {
            // The folder was empty: everything in it now is this restore's.
            let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in leftovers { try? FileManager.default.removeItem(at: folder.appending(path: name)) }
            if !existed { rmdir(folder.path) }
            throw error
        }
    }

    /// Whether `folder` exists (it is then empty); throws when it is not an empty folder.
    private static func checkEmptyTarget(_ folder: URL) throws -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
            var parentIsFolder: ObjCBool = false
            let parent = folder.deletingLastPathComponent()
            guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &parentIsFolder),
                parentIsFolder.boolValue
            else {
                throw BackupError(.fileSystem, "cannot restore into \(folder.path): \(parent.path) does not exist")
            }
            return false
        }
        guard isFolder.boolValue else {
            throw BackupError(.targetNotEmpty, "\(folder.path) is a file, not a folder; restore into an empty folder")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard names.isEmpty else {
            throw BackupError(
                .targetNotEmpty,
                "\(folder.path) is not empty; restore into an empty or new folder (nothing was changed)")
        }
        return true
    }

    /// Renames each top-level file and folder of the backup from `staging` into `folder`, the database last:
    /// a folder with a database in it is a complete one.
    private static func moveIntoPlace(_ manifest: BackupManifest, from staging: URL, into folder: URL) throws {
        func top(_ path: String) -> String { String(path.prefix { $0 != "/" }) }
        var names: [String] = []
        for entry in manifest.files where !names.contains(top(entry.path)) {
            names.append(top(entry.path))
        }
        let database = top(manifest.database)
        for name in names.filter({ $0 != database }) + [database] {
            guard rename(staging.appending(path: name).path, folder.appending(path: name).path) == 0 else {
                throw BackupError(.fileSystem, "cannot move \(name) into \(folder.path): \(systemReason())")
            }
        }
    }
}
