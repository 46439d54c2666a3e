import Foundation
import SQLite

extension BackupArchive {
    /// Checks a backup without restoring it: the manifest, every file's size and SHA-256, and that the
    /// database opens as a Recover database and passes `PRAGMA integrity_check`.
    ///
    /// The database is copied into a temporary folder (`TMPDIR`) for the check and removed afterwards.
    /// Throws ``BackupError`` naming the first problem; returns the manifest when all is well.
    @discardableResult
    public static func verify(at archive: URL, progress: (Int) -> Void = { _ in }) throws -> BackupManifest {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "recover-verify-\(UUID().uuidString)")
        guard mkdir(scratch.path, 0o700) == 0 else {
            throw BackupError(
                .fileSystem, "cannot create a temporary folder in \(scratch.deletingLastPathComponent().path)")
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let manifest = try readChecked(
            archive, keep: { manifest, entry in entry.path == manifest.database ? scratch : nil }, progress: progress)
        try checkDatabase(at: scratch.appending(path: manifest.database))
        return manifest
    }

    /// Opens the database file (without migrating it) and runs SQLite's integrity check.
    ///
    /// The database is closed when this returns, so its folder may be removed.
    static func checkDatabase(at url: URL) throws {
        let problems: [String]
        do {
            problems = try Database.open(at: url, migrations: []).integrityProblems()
        } catch {
            throw BackupError(.damagedDatabase, "the database in the backup does not open: \(error)")
        }
        if let first = problems.first {
            throw BackupError(
                .damagedDatabase, "the database in the backup fails SQLite's integrity check: \(first.prefix(200))")
        }
    }
}
