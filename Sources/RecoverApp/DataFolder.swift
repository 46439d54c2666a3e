import Cryptography
import Foundation
import Postgres
import RecoverData
import SQLite

/// A Recover data folder opened for use: the database (every migration of ``RecoverSchema``), the server's
/// signing key, the study's records and the account directory over them.
///
/// The records live in the folder's `recover.sqlite`, or, given a PostgreSQL URL (`--database`), on that server;
/// the folder then holds the signing key and the media files, and several server instances share it.
///
/// ```swift
/// let folder = try DataFolder.open(URL(fileURLWithPath: "recover-data"))
/// let participant = try folder.records.participant(account, now: Date())
/// ```
public struct DataFolder: Sendable {
    /// The folder.
    public let url: URL
    /// The study's records and use cases (database and signing key).
    public let records: StudyDatabase

    /// The folder's SQLite database, when the records are there (nil on PostgreSQL).
    public let database: Database?
    /// The server's signing key (created on first use).
    public let signingKey: SigningKey
    /// The signing key's file: `--signing-key`, or `signing-key` in the folder.
    public let signingKeyFile: URL
    /// Whether the signing key is the folder's own file: then anyone who can change the folder can swap the
    /// key and re-sign, so it is only as safe as the folder (docs/audit.md, "The signing key").
    public var signingKeyIsInFolder: Bool {
        signingKeyFile.standardizedFileURL.path.hasPrefix(url.standardizedFileURL.path + "/")
    }
    /// Accounts, invitations, sessions and throttling over the same database.
    public let directory: any AccountDirectory

    /// Why a data folder could not be opened: the message names the folder, never data.
    public struct OpenError: Error, CustomStringConvertible {
        /// Whether the folder or its database is missing (as opposed to unreadable or foreign).
        public let isMissing: Bool
        /// The message: which folder, and what is wrong with it.
        public let description: String
    }

    /// Opens the folder at `url`, creating it and its database unless `mustExist`; `fallbackTimeZone` is
    /// the zone of accounts stored without one. The signing key is read from `signingKeyFile` (created there
    /// if missing), by default the folder's `signing-key`.
    public static func open(
        _ url: URL, postgres: PostgresURL? = nil, signingKeyFile: URL? = nil, mustExist: Bool = false,
        durability: DatabaseConfiguration.Durability = .full, fallbackTimeZone: String = TimeZone.current.identifier
    ) throws -> DataFolder {
        let file = url.appending(path: Database.fileName)
        if mustExist, postgres == nil {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw OpenError(isMissing: true, description: "no data folder at \(url.path)")
            }
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw OpenError(
                    isMissing: true,
                    description: "\(url.path) is not a Recover data folder: it has no \(Database.fileName)")
            }
        } else {
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw OpenError(isMissing: false, description: "cannot create the data folder \(url.path)")
            }
        }
        let key: SigningKey
        let keyFile = signingKeyFile ?? url.appending(path: ServerSigningKey.fileName)
        // A tool given a key file that is not there must not make a new key there (a typo would sign with it).
        if mustExist, signingKeyFile != nil, !FileManager.default.fileExists(atPath: keyFile.path) {
            throw OpenError(isMissing: true, description: "no signing key at \(keyFile.path)")
        }
        do {
            key = try ServerSigningKey.loadOrCreate(file: keyFile)
        } catch let error as SigningKeyError {
            throw OpenError(isMissing: false, description: error.description)
        }
        let storage: StudyStorage
        if let postgres {
            do {
                storage = try RecoverSchema.open(postgres: postgres)
            } catch {
                // PostgresError never carries the password or statement arguments.
                throw OpenError(isMissing: false, description: "cannot open the database \(postgres): \(error)")
            }
        } else {
            do {
                storage = StudyStorage(
                    try RecoverSchema.open(at: file, configuration: DatabaseConfiguration(durability: durability)))
            } catch let error as DatabaseOpenError {
                throw OpenError(isMissing: false, description: error.description)
            } catch {
                throw OpenError(isMissing: false, description: "cannot open the database in \(url.path): \(error)")
            }
        }
        // Codes stored in clear by earlier versions are hashed once, by whichever process opens the folder first.
        try AccountStore.hashPlainCodes(in: storage)
        return DataFolder(
            url: url, records: StudyDatabase(database: storage, signingKey: key), database: storage.sqlite,
            signingKey: key, signingKeyFile: keyFile,
            directory: StoredAccountDirectory(database: storage, fallbackTimeZone: fallbackTimeZone))
    }
}
