import Foundation
import RecoverData
import SQLite

extension Commands {
    static let consentPublish = CommandSpec(
        name: "publish",
        abstract: "Publish a new version of a consent document from a JSON file (docs/consent.md).",
        synopsis: "FILE [--dry-run] [--data-dir DIR] [--database URL]",
        discussion: """
            The version takes effect at once. A new version of a required document puts the consent gate back \
            in front of the feed of every participant who signed an earlier one, for that document only, until \
            they sign it again or withdraw. Every problem of the file is reported with its location and nothing \
            is published. --dry-run checks the file and says what would change.
            """,
        options: [.flag("dry-run", help: "Check the file and report; publish nothing.")] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 1)
        guard let path = arguments.positionals.first else { throw UsageError("name the document's JSON file") }
        let url = URL(filePath: path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw NoInputError("cannot read \(path)")
        }
        let version: ConsentDocumentVersion
        switch ConsentDocumentFile.parse(data, directory: url.deletingLastPathComponent(), publishedAt: Date()) {
        case .success(let parsed): version = parsed
        case .failure(let error):
            throw DataError("\(path):\n" + error.problems.map { "  \($0)" }.joined(separator: "\n"))
        }
        let records = try StudyLocation.openExisting(arguments).records
        let before = try records.consentVersions().last { $0.documentID == version.documentID }
        let dryRun = arguments.flag("dry-run")
        do {
            if dryRun {
                let problems = try records.database.read { db in try ConsentLibrary.problems(of: version, in: db) }
                if !problems.isEmpty { throw ConsentLibraryError(problems: problems) }
            } else {
                try records.publishConsent(version, by: "cli:consent-publish:\(OperatorIdentity.userName)")
            }
        } catch let error as ConsentLibraryError {
            throw DataError("\(path):\n" + error.problems.map { "  \($0)" }.joined(separator: "\n"))
        }
        let kind = version.isRequired ? "required" : "optional"
        let change = before.map { "replaces version \($0.version)" } ?? "a new document"
        Output.standard.line(
            "\(dryRun ? "Would publish" : "Published") \(version.documentID) \(version.version) (\(kind)), \(change)")
        if version.isRequired, before != nil {
            Output.standard.line("Participants who signed an earlier version are asked to sign it before their tasks.")
        }
    }

    static let consentDocuments = CommandSpec(
        name: "documents",
        abstract: "List the study's consent documents and every version, with the SHA-256 of each text.",
        synopsis: "[--data-dir DIR] [--database URL]",
        options: StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let records = try StudyLocation.openExisting(arguments).records
        let versions = try records.consentVersions()
        let current = Set(ConsentLibrary.latest(of: versions).map { "\($0.documentID)/\($0.version)" })
        for version in versions {
            let marker = current.contains("\(version.documentID)/\(version.version)") ? " (current)" : ""
            let kind = version.isRequired ? "required" : "optional"
            Output.standard.line(
                "\(version.documentID) \(version.version) \(kind)\(marker), from \(DatabaseDate.string(from: version.publishedAt))"
            )
            for (language, text) in version.texts.sorted(by: { $0.key < $1.key }) {
                Output.standard.line("  \(language) \(text.sha256) \(text.title)")
            }
        }
    }
}

/// The operator running a command: their OS user, for the audit trail.
enum OperatorIdentity {
    static var userName: String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "uid\(geteuid())"
    }
}
