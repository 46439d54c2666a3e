import CareSQLite
import Exports
import Foundation
import RecoverData
import SQLite

extension Commands {
    static let audit = CommandSpec(
        name: "audit",
        abstract: "Verify and export the tamper-evident audit trail.",
        subcommands: [auditVerify, auditExport]
    )

    static let auditVerify = CommandSpec(
        name: "verify",
        abstract: "Recompute the audit chain: prints 'ok N entries', or names the first broken entry (exit 1).",
        synopsis: "[--data-dir DIR] [--database URL]",
        options: StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let data = try StudyLocation.openExisting(arguments)
        let result = try AuditTrail(database: data.records.database).verify()
        switch result {
        case .ok:
            Output.standard.line(result.description)
        case .broken:
            Output.standard.line(result.description)
            throw CommandExit(code: .failure)
        }
    }

    static let auditExport = CommandSpec(
        name: "export",
        abstract: "Write the audit trail as JSON lines, one entry per line, in trail order.",
        synopsis: "--out FILE [--data-dir DIR] [--database URL]",
        discussion: """
            The file appears only when complete (written to a temporary file, then renamed). The fields are \
            the audit_entry columns; docs/audit.md explains how to recompute each entry_hash.
            """,
        options: [
            .option("out", value: "FILE", help: "The file to write.")
        ] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let out = URL(fileURLWithPath: try arguments.required("out"))
        let data = try StudyLocation.openExisting(arguments)
        let progress = ProgressLine(noun: "entries")
        do {
            let count = try AuditExport.writeJSONLines(of: data.records.database, to: out, progress: progress.update)
            progress.finish(count)
            Output.standard.line("wrote \(count) entries to \(out.path)")
        } catch let error as ExportError {
            throw CannotCreateError(error.description)
        }
    }
}
