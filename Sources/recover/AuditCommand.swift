import CareSQLite
import Exports
import Foundation
import RecoverData
import SQLite

extension Commands {
    static let audit = CommandSpec(
        name: "audit",
        abstract: "Verify, checkpoint and export the tamper-evident audit trail.",
        subcommands: [auditVerify, auditCheckpoint, auditExport]
    )

    static let auditVerify = CommandSpec(
        name: "verify",
        abstract: "Recompute the audit chain and re-check the records it describes; exit 1 if anything differs.",
        synopsis: "[--checkpoint FILE] [--public-key KEY] [--data-dir DIR] [--database URL]",
        discussion: """
            Prints 'ok N entries' or the first broken entry; then each outcome, survey result, consent record, \
            consent signature and account whose row is not what its last entry says ('<table> <id>: edited', \
            'deleted' or 'unrecorded'); each consent record whose server signature does not verify with the \
            key; each stored checkpoint that is not signed by the key or no longer holds; and, with \
            --checkpoint, whether the trail still has that checkpoint's entry with its hash. docs/audit.md \
            says what each check proves.
            """,
        options: [
            .option("checkpoint", value: "FILE", help: "A checkpoint file (recover audit checkpoint) to compare with."),
            PinnedKey.option,
        ] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let pinned = try PinnedKey.parse(arguments)
        let given = try arguments.value("checkpoint").map(readCheckpoint)
        let data = try StudyLocation.openExisting(arguments)
        let (publicKey, keyMatches) = PinnedKey.choose(pinned, folder: data)
        let findings = try data.records.database.read { db in
            try AuditReport(publicKey: publicKey, checkpoint: given).run(in: db)
        }
        if !keyMatches || findings > 0 { throw CommandExit(code: .failure) }
    }

    static let auditCheckpoint = CommandSpec(
        name: "checkpoint",
        abstract: "Sign a checkpoint of the trail (entry count and head hash), store it and write it to a file.",
        synopsis: "--out FILE [--data-dir DIR] [--database URL]",
        discussion: """
            Give the file to someone outside the server: 'recover audit verify --checkpoint FILE --public-key \
            KEY' later proves the trail was neither cut nor rewritten up to it.
            """,
        options: [.option("out", value: "FILE", help: "The file to write.")] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let out = URL(fileURLWithPath: try arguments.required("out"))
        let data = try StudyLocation.openExisting(arguments)
        let checkpoint = try AuditCheckpoint.make(signingKey: data.signingKey, in: data.records.database)
        do {
            try ExportFile.write(to: out) { file in try file.write(checkpoint.jsonText + "\n") }
        } catch let error as ExportError {
            throw CannotCreateError(error.description)
        }
        Output.standard.line("checkpoint of \(checkpoint.entries) entries, head \(checkpoint.headHash), in \(out.path)")
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

    /// A checkpoint file, read and parsed; a missing file exits 66, a malformed one 65.
    static func readCheckpoint(_ path: String) throws -> AuditCheckpoint {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw NoInputError("cannot read the checkpoint \(path)")
        }
        do {
            return try AuditCheckpoint(json: data)
        } catch let error as AuditCheckpointError {
            throw DataError("checkpoint \(path): \(error.description)")
        }
    }
}

/// The checks of `recover audit verify`, in one read transaction, printed as they are found.
private struct AuditReport {
    let publicKey: [UInt8]
    let checkpoint: AuditCheckpoint?

    /// Runs one streaming check, printing each finding as it comes and then the summary of (checked, found);
    /// returns how many it found.
    private func printFindings<Finding: CustomStringConvertible>(
        _ check: ((Finding) throws -> Void) throws -> Int, summary: (Int, Int) -> String
    ) throws -> Int {
        var found = 0
        let checked = try check { finding in
            found += 1
            Output.standard.line(finding.description)
        }
        Output.standard.line(summary(checked, found))
        return found
    }

    /// Runs every check; returns how many findings it printed.
    func run(in db: StoreConnection) throws -> Int {
        var findings = 0
        let chain = try AuditTrail.verify(in: db)
        Output.standard.line(chain.description)
        if !chain.isOK { findings += 1 }

        findings += try printFindings(
            { report in try AuditTrail.verifyRecords(in: db, report) },
            summary: { rows, differing in
                differing == 0
                    ? "ok \(rows) records match the trail"
                    : "broken: \(differing) of \(rows) records differ from the trail"
            })
        findings += try printFindings(
            { report in try AuditTrail.verifyValues(in: db, report) },
            summary: { values, differing in
                differing == 0
                    ? "ok \(values) value records match their entries"
                    : "broken: \(differing) value records differ from their entries"
            })

        var consents = 0
        let altered = try ConsentSigning.verify(publicKey: publicKey, in: db) { check in
            consents += 1
            if !check.isOK { Output.standard.line(check.description) }
        }
        Output.standard.line(
            altered == 0
                ? "ok \(consents) consent signatures verify with the key"
                : "broken: \(altered) of \(consents) consent records do not verify with the key")
        findings += altered

        var stored = 0
        var badCheckpoints = 0
        try AuditCheckpoint.forEach(in: db) { checkpoint in
            stored += 1
            if let problem = try problem(with: checkpoint, in: db) {
                badCheckpoints += 1
                Output.standard.line("stored \(Self.name(checkpoint)): \(problem)")
            }
        }
        Output.standard.line(
            badCheckpoints == 0
                ? "ok \(stored) stored checkpoints hold" : "broken: \(badCheckpoints) of \(stored) stored checkpoints")
        findings += badCheckpoints

        if let checkpoint {
            let problem = try problem(with: checkpoint, in: db)
            Output.standard.line("given \(Self.name(checkpoint)): \(problem ?? "holds")")
            if problem != nil { findings += 1 }
        }
        return findings
    }

    /// What is wrong with `checkpoint` against the key and the trail, or nil when it holds.
    private func problem(with checkpoint: AuditCheckpoint, in db: StoreConnection) throws -> String? {
        guard checkpoint.isSigned(by: publicKey) else {
            return "not signed by the key (its key id is \(checkpoint.keyID))"
        }
        let check = try checkpoint.check(in: db)
        return check == .holds ? nil : check.description
    }

    private static func name(_ checkpoint: AuditCheckpoint) -> String {
        "checkpoint of entry \(checkpoint.entries) (\(DatabaseDate.string(from: checkpoint.createdAt)))"
    }
}
