import Foundation
import Postgres
import RecoverApp
import SQLite

/// Where a command finds the study: `--data-dir DIR` (default `./recover-data`) and, for records on
/// PostgreSQL, `--database URL` or the `RECOVER_DATABASE_URL` environment variable (the option wins), and the
/// signing key's file, `--signing-key FILE` or `RECOVER_SIGNING_KEY` (default: `signing-key` in the folder).
enum StudyLocation {
    /// The options every command that opens a study takes.
    static let options: [OptionSpec] = [
        .option("data-dir", value: "DIR", help: "The data folder (default ./recover-data)."),
        .option(
            "database", value: "URL",
            help: "The study's PostgreSQL database (postgresql://user:pass@host:port/db; also RECOVER_DATABASE_URL)."),
        .option(
            "signing-key", value: "FILE",
            help: "The server's signing key file (also RECOVER_SIGNING_KEY; default DIR/signing-key)."),
    ]

    static let environmentVariable = "RECOVER_DATABASE_URL"
    static let signingKeyVariable = "RECOVER_SIGNING_KEY"

    /// The signing key file the arguments or the environment name; nil for the data folder's.
    static func signingKeyFile(_ arguments: ParsedArguments) -> URL? {
        let given = arguments.value("signing-key") ?? ProcessInfo.processInfo.environment[signingKeyVariable]
        guard let given, !given.isEmpty else { return nil }
        return URL(fileURLWithPath: given)
    }

    /// The data folder the arguments name.
    static func folder(_ arguments: ParsedArguments) -> URL {
        URL(fileURLWithPath: arguments.value("data-dir") ?? "./recover-data")
    }

    /// The PostgreSQL URL the arguments or the environment name, checked; nil for the embedded SQLite file.
    /// A malformed URL is a usage error whose message never repeats the text (it may hold a password).
    static func postgres(_ arguments: ParsedArguments) throws -> PostgresURL? {
        let given = arguments.value("database") ?? ProcessInfo.processInfo.environment[environmentVariable]
        guard let given, !given.isEmpty else { return nil }
        do {
            return try PostgresURL(given)
        } catch let error as PostgresError {
            throw UsageError("--database: \(error.message)")
        }
    }

    /// Opens the study the arguments name, creating the folder (and the SQLite database) if missing (`serve`,
    /// `invite`, `staff`, `demo-data`).
    static func open(
        _ arguments: ParsedArguments, durability: DatabaseConfiguration.Durability = .full
    ) throws -> DataFolder {
        try opening {
            try DataFolder.open(
                folder(arguments), postgres: try postgres(arguments), signingKeyFile: signingKeyFile(arguments),
                durability: durability)
        }
    }

    /// Opens the study the arguments name, which must exist: a missing folder or database file exits 66 (no
    /// input); a file that is not a Recover database, or a database that cannot be reached, exits 65.
    static func openExisting(_ arguments: ParsedArguments) throws -> DataFolder {
        try opening {
            try DataFolder.open(
                folder(arguments), postgres: try postgres(arguments), signingKeyFile: signingKeyFile(arguments),
                mustExist: true)
        }
    }

    private static func opening(_ body: () throws -> DataFolder) throws -> DataFolder {
        do {
            return try body()
        } catch let error as DataFolder.OpenError {
            if error.isMissing { throw NoInputError(error.description) }
            throw DataError(error.description)
        }
    }
}
