import Backups
import Foundation
import RecoverApp

extension Commands {
    static let backup = CommandSpec(
        name: "backup",
        abstract: "Back the data folder up into one archive while the server runs, or verify a backup.",
        synopsis: "--out FILE [--data-dir DIR]",
        discussion: """
            The archive (gzip-compressed tar, mode 0600) holds a manifest with every file's SHA-256 and size, \
            a consistent copy of the database made with SQLite's online backup API, the signing key (a \
            secret: keep backups as safe as the data folder) and the media files. It is written under a \
            temporary name beside FILE (outside the data folder) and renamed when complete. See \
            docs/deployment.md.
            """,
        options: [
            .option("out", value: "FILE", help: "The archive to write (replaced if it exists).")
        ] + StudyLocation.options,
        subcommands: [backupVerify]
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let out = URL(fileURLWithPath: try arguments.required("out"))
        let data = try StudyLocation.openExisting(arguments)
        let progress = ProgressLine(noun: "files")
        do {
            let manifest = try data.backup(to: out, creator: recoverVersion, progress: progress.update)
            progress.finish(manifest.files.count)
            Output.standard.line(
                "wrote \(manifest.files.count) files (\(manifest.totalBytes) bytes) to \(out.path)")
        } catch let error as BackupError {
            throw CannotCreateError(error.description)
        } catch let error as BackupOfSharedDatabase {
            throw DataError(error.description)
        }
    }

    static let backupVerify = CommandSpec(
        name: "verify",
        abstract: "Check a backup: every file against the manifest, and the database's integrity (exit 1 if not).",
        synopsis: "FILE"
    ) { arguments in
        try arguments.expectPositionals(atMost: 1)
        let file = URL(fileURLWithPath: try arguments.positional(0, "FILE"))
        let progress = ProgressLine(noun: "files")
        do {
            let manifest = try BackupArchive.verify(at: file, progress: progress.update)
            progress.finish(manifest.files.count)
            Output.standard.line(
                "ok \(manifest.files.count) files (\(manifest.totalBytes) bytes), database integrity ok; "
                    + "made \(manifest.createdAt) by \(manifest.creator)")
        } catch let error as BackupError where error.code == .missingArchive {
            throw NoInputError(error.description)
        } catch let error as BackupError {
            Output.standard.line("damaged: \(error.description)")
            throw CommandExit(code: .failure)
        }
    }

    static let restore = CommandSpec(
        name: "restore",
        abstract: "Restore a backup into an empty or new data folder, after verifying it.",
        synopsis: "FILE --data-dir DIR",
        discussion: """
            Refuses a folder that is not empty and a backup that does not verify; either way nothing is \
            changed. Restored files get mode 0600 (the signing key among them), folders 0700. Run \
            'recover audit verify --data-dir DIR' afterwards.
            """,
        options: [
            .option("data-dir", value: "DIR", help: "The folder to restore into (empty or new)."),
            .option("database", value: "URL", help: "Not for restores: says what to do for PostgreSQL instead."),
        ]
    ) { arguments in
        try arguments.expectPositionals(atMost: 1)
        if arguments.value("database") != nil {
            throw UsageError(
                "a backup holds a data folder with its SQLite database: restore it with --data-dir, then move it "
                    + "with 'recover database copy --from DIR --to URL'; a study on PostgreSQL is restored with "
                    + "pg_restore (docs/deployment.md)")
        }
        let file = URL(fileURLWithPath: try arguments.positional(0, "FILE"))
        let folder = URL(fileURLWithPath: try arguments.required("data-dir"))
        let progress = ProgressLine(noun: "files")
        do {
            let manifest = try BackupArchive.restore(from: file, into: folder, progress: progress.update)
            progress.finish(manifest.files.count)
            Output.standard.line(
                "restored \(manifest.files.count) files (\(manifest.totalBytes) bytes) made \(manifest.createdAt) "
                    + "into \(folder.path)")
        } catch let error as BackupError {
            switch error.code {
            case .missingArchive: throw NoInputError(error.description)
            case .targetNotEmpty, .fileSystem: throw CannotCreateError(error.description)
            default: throw DataError(error.description)
            }
        }
    }
}
