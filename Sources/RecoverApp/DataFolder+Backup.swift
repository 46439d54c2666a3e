import Backups
import Cryptography
import Foundation
import RecoverWeb
import SQLite

extension DataFolder {
    /// What a backup of a data folder holds: the database, the signing key, the hearing calibration table and
    /// the stored media files; not the upload spool (`files/incoming`, unfinished uploads) and not the
    /// database's `-wal` and `-shm` files (the online copy already holds what they held).
    ///
    /// The signing key is a secret and belongs in the backup: without it the consent signatures cannot be
    /// verified, nor the export pseudonyms reproduced, after a restore.
    public static let backupContents: BackupContents = {
        let media = FileStore(dataFolder: URL(fileURLWithPath: "/"))
        let files = media.root.lastPathComponent
        return BackupContents(
            database: Database.fileName, files: [ServerSigningKey.fileName, HearingCalibration.fileName],
            folders: [files], excluded: [files + "/" + media.incoming.lastPathComponent])
    }()

    /// Backs the folder up into one archive file at `destination` while the server keeps running
    /// (``BackupArchive/create(of:contents:database:to:creator:now:progress:)``).
    @discardableResult
    public func backup(to destination: URL, creator: String, progress: (Int) -> Void = { _ in }) throws
        -> BackupManifest
    {
        guard let database else { throw BackupOfSharedDatabase() }
        return try BackupArchive.create(
            of: url, contents: Self.backupContents, database: database, to: destination, creator: creator,
            progress: progress)
    }
}

/// `recover backup` copies a data folder with its SQLite database; a study on PostgreSQL is backed up with the
/// server's own tools (docs/deployment.md).
public struct BackupOfSharedDatabase: Error, CustomStringConvertible {
    /// What to use instead: `pg_dump` for the records, any file backup for the folder.
    public var description: String {
        "the study's records are on PostgreSQL: back them up with pg_dump, and this folder's files with any file "
            + "backup (docs/deployment.md, \"Several instances\")"
    }
}
