import Foundation
import Postgres
import RecoverData
import SQLite

extension Commands {
    static let database = CommandSpec(
        name: "database",
        abstract: "Move a study's records between the embedded SQLite file and PostgreSQL.",
        subcommands: [databaseCopy]
    )

    static let databaseCopy = CommandSpec(
        name: "copy",
        abstract: "Copy every record of a study into a new, empty database (SQLite to PostgreSQL, or back).",
        synopsis: "--from DIR|URL --to URL|DIR",
        discussion: """
            A DIR is a data folder and means its recover.sqlite; a URL is a PostgreSQL database \
            (postgresql://user:pass@host:port/db). The target gets the same rows: ids, audit chain, consent \
            records and signatures, in one transaction; a target that already holds records is refused and \
            nothing is written. Stop the servers using the source first. The signing key and the media files \
            stay in the data folder: run the server with the same --data-dir and the new --database (or \
            without it, for a copy into the folder). Afterwards the command verifies the copy's audit chain.
            """,
        options: [
            .option("from", value: "DIR|URL", help: "The study to copy (a data folder, or a PostgreSQL URL)."),
            .option("to", value: "URL|DIR", help: "The new, empty database (a PostgreSQL URL, or a data folder)."),
        ]
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let from = try StudyEndpoint(try arguments.required("from"), option: "--from", mustExist: true)
        let to = try StudyEndpoint(try arguments.required("to"), option: "--to", mustExist: false)
        if case .folder(let source) = from, case .folder(let target) = to,
            source.standardizedFileURL == target.standardizedFileURL
        {
            throw UsageError("--from and --to are the same data folder")
        }
        let source = try from.open()
        let target = try to.open()
        let progress = ProgressLine(noun: "rows")
        var finished: [String: Int] = [:]
        let copied: [String: Int]
        do {
            copied = try StudyCopy.copy(from: source, to: target) { table, rows in
                finished[table] = rows
                progress.update(finished.values.reduce(0, +))
            }
        } catch let error as StudyCopy.CopyError {
            throw DataError(error.description)
        }
        let total = copied.values.reduce(0, +)
        progress.finish(total)
        for table in StudyCopy.tables { Output.standard.line("\(table.name): \(copied[table.name] ?? 0) rows") }
        switch try AuditTrail(database: target).verify() {
        case .ok(let count):
            Output.standard.line("copied \(total) rows to \(to); audit chain ok (\(count) entries)")
        case .broken(let sequence, let reason):
            Output.standard.line("copied \(total) rows, but the audit chain breaks at entry \(sequence): \(reason)")
            throw CommandExit(code: .failure)
        }
    }
}

/// One side of `recover database copy`: a data folder's SQLite file or a PostgreSQL database.
enum StudyEndpoint: CustomStringConvertible {
    case folder(URL)
    case postgres(PostgresURL)

    /// `text` as a PostgreSQL URL (`postgres://`, `postgresql://`) or a data folder's path.
    init(_ text: String, option: String, mustExist: Bool) throws {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            do {
                self = .postgres(try PostgresURL(text))
            } catch let error as PostgresError {
                throw UsageError("\(option): \(error.message)")
            }
            return
        }
        let folder = URL(fileURLWithPath: text)
        let file = folder.appending(path: Database.fileName)
        if mustExist, !FileManager.default.fileExists(atPath: file.path) {
            throw NoInputError("\(folder.path) is not a Recover data folder: it has no \(Database.fileName)")
        }
        self = .folder(folder)
    }

    var description: String {
        switch self {
        case .folder(let folder): folder.appending(path: Database.fileName).path
        case .postgres(let url): url.description
        }
    }

    /// The study's storage, with every migration applied (a new SQLite file is created).
    func open() throws -> StudyStorage {
        do {
            switch self {
            case .folder(let folder):
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                return StudyStorage(try RecoverSchema.open(dataDirectory: folder))
            case .postgres(let url):
                return try RecoverSchema.open(postgres: url)
            }
        } catch let error as DatabaseOpenError {
            throw DataError(error.description)
        } catch {
            throw DataError("cannot open \(self): \(error)")
        }
    }
}
